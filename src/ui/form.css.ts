import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/** Fields stack with 1.5rem between them; a form is at most 36rem wide for readable lines. */
export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: '36rem',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});
