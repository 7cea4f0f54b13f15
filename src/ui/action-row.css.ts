import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/** A screen's buttons and links side by side, wrapping on narrow screens. */
export const actionRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.lg,
  marginTop: vars.space.lg,
});
