import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/**
 * The shared field frame: label, control, description or error. Inputs are 44 px high; borders
 * are #767676 (4.5:1 on white), the invalid border is the error red (7.3:1), and disabled inputs
 * keep 5.6:1 text on their grey.
 */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  maxWidth: '100%',
});

export const label = style({
  fontWeight: 600,
  color: vars.color.text,
  width: 'fit-content',
});

export const asterisk = style({
  color: vars.color.error,
  marginInlineStart: '0.15em',
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.error,
});

const controlBase = {
  minHeight: vars.size.target,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
} as const;

/** A single text input. */
export const input = style({
  ...controlBase,
  width: '100%',
  maxWidth: '100%',
  paddingInline: '0.75rem',
  paddingBlock: vars.space.sm,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&[data-focused]': { outline: vars.focusRing, outlineOffset: '1px' },
    [`${field}[data-invalid] &`]: { borderColor: vars.color.error, boxShadow: `inset 0 0 0 1px ${vars.color.error}` },
    '&[data-invalid]': { borderColor: vars.color.error, boxShadow: `inset 0 0 0 1px ${vars.color.error}` },
    '&[data-disabled], &:disabled': {
      background: vars.color.disabledSurface,
      color: vars.color.disabledText,
      cursor: 'not-allowed',
    },
  },
});

/** A bordered row holding an input and its buttons (number field, date picker, combo box). */
export const group = style({
  ...controlBase,
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  maxWidth: '100%',
  overflow: 'hidden',
  selectors: {
    '&[data-focus-within]': { outline: vars.focusRing, outlineOffset: '1px' },
    [`${field}[data-invalid] &`]: { borderColor: vars.color.error, boxShadow: `inset 0 0 0 1px ${vars.color.error}` },
    '&[data-invalid]': { borderColor: vars.color.error, boxShadow: `inset 0 0 0 1px ${vars.color.error}` },
    '&[data-disabled]': { background: vars.color.disabledSurface, color: vars.color.disabledText },
    [`${field}[data-disabled] &`]: { background: vars.color.disabledSurface, color: vars.color.disabledText },
  },
});

/** The input inside a group: the group draws border and focus ring. */
export const groupInput = style({
  flex: 1,
  minWidth: 0,
  alignSelf: 'stretch',
  border: 0,
  paddingInline: '0.75rem',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:focus-visible': { outline: 'none' },
    '&[data-disabled], &:disabled': { cursor: 'not-allowed' },
  },
});

/** A square 44 px button inside a group (stepper, calendar, list toggle). */
export const groupButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  alignSelf: 'stretch',
  minWidth: vars.size.target,
  minHeight: '100%',
  border: 0,
  borderInlineStart: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  selectors: {
    '&[data-hovered], &[data-pressed]': { background: vars.color.infoSurface },
    '&[data-focus-visible]': { outline: vars.focusRing, outlineOffset: '-3px' },
    '&[data-disabled]': { background: vars.color.disabledSurface, color: vars.color.disabledText, cursor: 'not-allowed' },
  },
});
