import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const text = style({ maxWidth: '48rem' });

export const form = style({ display: 'grid', gap: vars.space.lg, maxWidth: '32rem', marginTop: vars.space.md });

/** Why the resend button waits: under the button row. */
export const hint = style({ maxWidth: '48rem', marginTop: vars.space.sm });
