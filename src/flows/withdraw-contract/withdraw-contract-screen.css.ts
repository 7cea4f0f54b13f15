import { style } from '@vanilla-extract/css';

export const text = style({ maxWidth: '48rem' });
