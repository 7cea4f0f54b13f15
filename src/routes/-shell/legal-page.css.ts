import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css';

export const article = style({ maxWidth: '48rem' });
export const toc = style({ margin: `${vars.space.lg} 0`, padding: vars.space.md, background: vars.color.surfaceMuted, borderRadius: vars.radius.md });
export const tocTitle = style({ margin: 0, fontSize: vars.fontSize.md });
