import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const layout = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg, alignItems: 'flex-start', marginTop: vars.space.lg });

/** At least 250 CSS px (scannable from a phone screen), up to 20rem; black on white with its quiet zone. */
export const barcode = style({
  display: 'block',
  width: 'max(250px, min(100%, 20rem))',
  height: 'auto',
  aspectRatio: '1 / 1',
  background: '#ffffff',
  border: `1px solid ${vars.color.borderSubtle}`,
});

export const figure = style({ margin: 0 });

export const caption = style({ marginTop: vars.space.xs, color: vars.color.textMuted, fontSize: vars.fontSize.sm, maxWidth: '20rem' });

export const details = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });

globalStyle(`${details} dd`, { margin: 0, fontWeight: 700 });

/** Where the code cannot be drawn: a box of the code's size with the reason. */
export const barcodeFailed = style({
  width: 'max(250px, min(100%, 20rem))',
  margin: 0,
  padding: vars.space.md,
  border: `2px solid ${vars.color.error}`,
  background: vars.color.errorSurface,
  color: vars.color.text,
});
