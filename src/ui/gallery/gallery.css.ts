import { style } from '@vanilla-extract/css';

import { vars } from '../theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxl });

export const intro = style({ maxWidth: '48rem', color: vars.color.textMuted, margin: 0 });

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

export const subTitle = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.text });

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const specimen = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const paragraph = style({ margin: 0, maxWidth: '48rem' });
