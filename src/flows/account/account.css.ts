import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const section = style({ marginTop: vars.space.lg, maxWidth: '48rem' });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.sm}` });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  alignItems: 'center',
});

globalStyle(`${details} dd`, { margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const ways = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.md });

export const wayText = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted });

export const resend = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start', marginTop: vars.space.sm });
