import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

/** The screen's paragraphs: no wider than is comfortable to read. */
export const text = style({ maxWidth: '48rem' });

/** The form of a step: its field and buttons, one under the other. */
export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  maxWidth: '32rem',
  marginTop: vars.space.md,
  marginBottom: vars.space.md,
});

/** A quiet line under the buttons (when a new code can be asked for). */
export const hint = style({ marginTop: vars.space.sm, marginBottom: 0, color: vars.color.textMuted });
