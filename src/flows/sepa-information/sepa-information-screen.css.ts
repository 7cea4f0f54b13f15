import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const text = style({ maxWidth: '48rem' });

export const section = style({ marginTop: vars.space.lg, maxWidth: '48rem' });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.sm}` });

export const details = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });

globalStyle(`${details} dd`, { margin: 0 });

/** The IBAN as a bank prints it: digits of one width, so the groups of four line up. */
export const iban = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const form = style({ display: 'grid', gap: vars.space.lg, maxWidth: '32rem', marginTop: vars.space.lg });

export const mandate = style({ margin: 0, maxWidth: '48rem' });
