import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.md} 0`,
  alignItems: 'center',
  maxWidth: '48rem',
});

globalStyle(`${details} dd`, { margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const edit = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const text = style({ maxWidth: '48rem' });

/** The locked card's sentence with its info button (SPEC.md 6.1). */
export const locked = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${vars.space.xs} ${vars.space.sm}` });

export const lockedInfo = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const lockedReason = style({ margin: 0 });
