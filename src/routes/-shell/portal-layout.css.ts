import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css';

export const skipLink = style({
  position: 'absolute',
  left: vars.space.sm,
  top: '-4rem',
  padding: vars.space.sm,
  background: vars.color.surface,
  zIndex: 10,
  selectors: { '&:focus': { top: vars.space.sm } },
});

export const header = style({
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  background: vars.color.surface,
});

export const bar = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});

export const logoLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.target });

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md}`,
});

export const footer = style({
  background: vars.color.surfaceMuted,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
});

export const footerLinks = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
});

export const footerLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.target });
