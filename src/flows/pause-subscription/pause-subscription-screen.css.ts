import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const text = style({ maxWidth: '48rem' });

export const section = style({ marginTop: vars.space.lg, maxWidth: '48rem' });

/** The two month choices side by side, wrapping on narrow screens. */
export const months = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.lg,
  marginTop: vars.space.md,
  marginBottom: vars.space.md,
});

export const monthField = style({ minWidth: '14rem', flex: '1 1 14rem', maxWidth: '20rem' });

/** The pause in figures: months, saving, valid again from. */
export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: `${vars.space.md} 0`,
  maxWidth: '48rem',
});

export const term = style({ fontWeight: 600 });

export const definition = style({ margin: 0 });

export const rules = style({ margin: `${vars.space.sm} 0 0`, paddingInlineStart: vars.space.lg });
