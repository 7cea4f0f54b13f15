import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const text = style({ maxWidth: '48rem' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.lg, marginTop: vars.space.lg });

export const notice = style({ marginTop: vars.space.md, marginBottom: vars.space.md, maxWidth: '48rem' });
