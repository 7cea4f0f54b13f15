import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '../../../ui/theme.css';

export const parts = style({ display: 'grid', gap: vars.space.md, margin: `${vars.space.lg} 0` });

export const part = style({
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});

export const partHeader = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md });

export const partTitle = style({ margin: 0, fontSize: vars.fontSize.md });

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.sm} 0 0`,
});

globalStyle(`${list} dd`, { margin: 0 });

export const address = style({ fontStyle: 'normal', marginTop: vars.space.sm });

export const plain = style({ margin: `${vars.space.sm} 0 0` });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
