import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const text = style({ maxWidth: '48rem' });

export const form = style({ display: 'grid', gap: vars.space.lg, maxWidth: '32rem', marginTop: vars.space.lg });
