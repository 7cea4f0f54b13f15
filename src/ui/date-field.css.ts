import { style } from '@vanilla-extract/css';

import { field } from './field.css';
import { vars } from './theme.css';

/** The segmented date input (day, month, year), drawn like a text input. */
export const dateInput = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  flex: 1,
  minHeight: vars.size.target,
  paddingInline: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&[data-focus-within]': { outline: vars.focusRing, outlineOffset: '1px' },
    [`${field}[data-invalid] &`]: { borderColor: vars.color.error, boxShadow: `inset 0 0 0 1px ${vars.color.error}` },
    '&[data-disabled]': { background: vars.color.disabledSurface, color: vars.color.disabledText },
  },
});

/** Inside the date picker's group, the group draws the border. */
export const dateInputInGroup = style({
  border: 0,
  boxShadow: 'none',
  background: 'transparent',
  selectors: {
    '&[data-focus-within]': { outline: 'none' },
    [`${field}[data-invalid] &`]: { boxShadow: 'none' },
    '&[data-disabled]': { background: 'transparent' },
  },
});

/** Each segment is at least 24 x 24 px, the WCAG 2.2 target size. */
export const segment = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.5rem',
  minHeight: '1.75rem',
  paddingInline: '0.125rem',
  borderRadius: vars.radius.sm,
  fontVariantNumeric: 'tabular-nums',
  outline: 'none',
  selectors: {
    '&[data-type="literal"]': { minWidth: 0, paddingInline: 0 },
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-focused]': { background: vars.color.accent, color: vars.color.textInverse },
    '&[data-disabled]': { color: vars.color.disabledText },
  },
});
