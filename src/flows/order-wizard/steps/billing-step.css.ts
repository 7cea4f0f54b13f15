import { style } from '@vanilla-extract/css';

import { vars } from '../../../ui/theme.css';

/** Two fields side by side where there is room (first and last name, zip and city, street and number). */
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  gap: vars.space.lg,
});

/** Street and house number: the number takes a third. */
export const streetRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
  gap: vars.space.lg,
  '@media': {
    'screen and (max-width: 24rem)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

/** The transport company that issues the ticket; its live region stays in the page while empty. */
export const insurer = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.infoSurface,
  color: vars.color.text,
});

export const insurerName = style({
  fontWeight: 600,
  margin: 0,
});

export const insurerAddress = style({
  margin: 0,
  marginBlockStart: vars.space.xs,
  fontSize: vars.fontSize.sm,
});
