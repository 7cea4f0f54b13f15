import { style } from '@vanilla-extract/css';

import { vars } from '../../../ui/theme.css';

/** The company step: the form column of the wizard. */
export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
