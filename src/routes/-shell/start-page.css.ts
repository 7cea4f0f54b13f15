import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css';

export const cta = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.target,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.primary,
  fontWeight: 700,
  textDecoration: 'none',
  marginTop: vars.space.md,
});

export const price = style({ marginTop: vars.space.xl });

export const amount = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });
