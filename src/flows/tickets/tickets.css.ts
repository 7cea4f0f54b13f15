import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const list = style({ listStyle: 'none', padding: 0, margin: `${vars.space.lg} 0`, display: 'grid', gap: vars.space.md });

export const item = style({ border: `1px solid ${vars.color.borderSubtle}`, borderRadius: vars.radius.md, padding: vars.space.md });

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const status = style({ margin: `${vars.space.xs} 0`, fontWeight: 700 });

export const ended = style({ margin: `${vars.space.xs} 0`, color: vars.color.textMuted });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  alignItems: 'center',
});

globalStyle(`${details} dd`, { margin: 0 });

export const actions = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.md} 0 0`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.lg}`,
});

export const notice = style({ marginTop: vars.space.sm });

export const empty = style({ marginTop: vars.space.lg, maxWidth: '40rem' });

/** "Showing 20 of 500" and the button for the next ones, below a long list. */
export const more = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${vars.space.sm} ${vars.space.lg}` });

globalStyle(`${more} p`, { margin: 0 });
