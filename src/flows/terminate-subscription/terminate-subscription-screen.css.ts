import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const text = style({ maxWidth: '48rem' });

export const form = style({ maxWidth: '48rem', marginTop: vars.space.lg });
