import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const items = style({
  display: 'flex',
  flexDirection: 'column',
  selectors: { [`${group}[data-orientation="horizontal"] &`]: { flexDirection: 'row', flexWrap: 'wrap', columnGap: vars.space.lg } },
});

export const radioField = style({ display: 'flex', flexDirection: 'column' });

/** The label is the 44 px target. */
export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.target,
  width: 'fit-content',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { color: vars.color.disabledText, cursor: 'not-allowed' } },
});

export const circle = style({
  flexShrink: 0,
  width: '1.375rem',
  height: '1.375rem',
  borderRadius: '50%',
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: {
    [`${button}[data-selected] &`]: { borderColor: vars.color.accent, borderWidth: '0.4375rem' },
    [`${button}[data-focus-visible] &`]: { outline: vars.focusRing, outlineOffset: '2px' },
    [`${button}[data-invalid] &`]: { borderColor: vars.color.error },
    [`${button}[data-disabled] &`]: { borderColor: vars.color.border, background: vars.color.disabledSurface },
    [`${button}[data-disabled][data-selected] &`]: { borderColor: vars.color.disabledText },
  },
});

export const radioDescription = style({
  marginTop: `calc(-1 * ${vars.space.sm})`,
  paddingInlineStart: `calc(1.375rem + ${vars.space.sm})`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
