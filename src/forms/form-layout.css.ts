import { style } from '@vanilla-extract/css';

import { vars } from '../ui/theme.css';

/** Two fields side by side where there is room (first and last name, zip and city). */
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
