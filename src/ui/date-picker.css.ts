import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from './theme.css';

export const calendar = style({ padding: vars.space.sm });

export const calendarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  marginBottom: vars.space.xs,
});

export const calendarHeading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  textAlign: 'center',
  flex: 1,
});

export const calendarGrid = style({ borderCollapse: 'collapse', width: '100%' });

globalStyle(`${calendarGrid} th`, {
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.textMuted,
  paddingBottom: vars.space.xs,
});

/** Day cells are 2.25rem (36 px) squares: above the 24 px target minimum. */
export const cell = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  margin: '1px auto',
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  outline: 'none',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[data-outside-month]': { display: 'none' },
    '&[data-hovered]': { background: vars.color.infoSurface },
    '&[data-selected]': { background: vars.color.accent, color: vars.color.textInverse, fontWeight: 700 },
    '&[data-focus-visible]': { outline: vars.focusRing, outlineOffset: '1px' },
    '&[data-disabled], &[data-unavailable]': {
      color: vars.color.disabledText,
      textDecoration: 'line-through',
      cursor: 'not-allowed',
      background: 'transparent',
    },
    '&[data-invalid][data-selected]': { background: vars.color.error },
  },
});

export const calendarNav = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.target,
  height: vars.size.target,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.infoSurface },
    '&[data-focus-visible]': { outline: vars.focusRing, outlineOffset: '2px' },
    '&[data-disabled]': { background: vars.color.disabledSurface, color: vars.color.disabledText, cursor: 'not-allowed' },
  },
});
