import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css';

export const intro = style({ maxWidth: '48rem' });

/** The provider's page: full width, its height comes from the frame's height attribute (1700 px). */
export const frame = style({
  display: 'block',
  width: '100%',
  marginTop: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

export const notice = style({ marginTop: vars.space.md, marginBottom: vars.space.md });

/** The three parts of the order confirmation (SPEC.md 2.3). */
export const parts = style({
  listStyle: 'none',
  margin: `${vars.space.lg} 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
});

export const part = style({
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  background: vars.color.surface,
});

export const partTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const partLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.target });
