import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const intro = style({ maxWidth: '48rem' });

export const account = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: `${vars.space.md} 0 0` });

globalStyle(`${account} dd`, { margin: 0 });

export const group = style({ marginTop: vars.space.lg, maxWidth: '48rem' });

export const groupTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.sm}` });

export const table = style({ width: '100%', borderCollapse: 'collapse' });

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  verticalAlign: 'middle',
});

globalStyle(`${table} thead th`, { fontSize: vars.fontSize.sm, color: vars.color.textMuted, borderBottomColor: vars.color.border });

/** Amounts line up at their decimal comma or point. */
export const amount = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

globalStyle(`${table} th${amount}, ${table} td${amount}`, { textAlign: 'right', paddingRight: vars.space.md });

export const date = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const empty = style({ marginTop: vars.space.lg, maxWidth: '48rem' });
