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

export const headerEnd = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });

export const sessionButtons = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

/** SessionButtonsPlaceholder: takes the buttons' space, shows nothing. */
export const placeholder = style({ visibility: 'hidden' });

export const portalButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.targetSm,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.secondary,
  color: vars.color.textInverse,
  fontWeight: 600,
  textDecoration: 'none',
});

export const footerInner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.lg,
});

/** SPEC.md 9: fewer than 4 logos in one column, 4 or more in 3 columns. */
export const logoGrid = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md, gridTemplateColumns: '1fr' });
export const logoGridWide = style({ gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' });
export const logoLinkItem = style({ display: 'inline-flex', minHeight: vars.size.target, alignItems: 'center' });
