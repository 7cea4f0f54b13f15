import { style } from '@vanilla-extract/css';

import { vars } from '../../../ui/theme.css';

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
