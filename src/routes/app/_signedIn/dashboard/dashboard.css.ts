import { style } from '@vanilla-extract/css';

import { vars } from '../../../../ui/theme.css';

export const entries = style({
  listStyle: 'none',
  margin: `${vars.space.lg} 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
});

export const entry = style({
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  background: vars.color.surface,
});

export const entryTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const entryLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.target });

export const support = style({
  background: vars.color.infoSurface,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
});

export const supportTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
