import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/** The label is the target: at least 44 px high, the whole row toggles. */
export const button = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.target,
  width: 'fit-content',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[data-disabled]': { color: vars.color.disabledText, cursor: 'not-allowed' },
  },
});

/** The visible box: 1.375rem (22 px) with a #767676 border (4.5:1). */
export const box = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.375rem',
  height: '1.375rem',
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.textInverse,
  selectors: {
    [`${button}[data-selected] &, ${button}[data-indeterminate] &`]: {
      background: vars.color.accent,
      borderColor: vars.color.accent,
    },
    [`${button}[data-focus-visible] &`]: { outline: vars.focusRing, outlineOffset: '2px' },
    [`${button}[data-invalid] &`]: { borderColor: vars.color.error },
    [`${button}[data-invalid][data-selected] &`]: { background: vars.color.error, borderColor: vars.color.error },
    [`${button}[data-disabled] &`]: { borderColor: vars.color.border, background: vars.color.disabledSurface, color: vars.color.disabledText },
  },
});

export const description = style({ paddingInlineStart: `calc(1.375rem + ${vars.space.sm})` });
