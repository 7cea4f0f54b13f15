import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

/**
 * The payment tables: on a wide screen four aligned columns (the same widths in every group); on a
 * narrow one (up to 40rem, e.g. 320px at 400 % zoom) each payment is a block of two lines (date and
 * amount, then status and method) with the column headers kept for screen readers, so nothing
 * scrolls sideways (WCAG 1.4.10). The table, rows and cells carry their roles explicitly, as a
 * changed `display` can drop a table's semantics in some browsers.
 */
const narrow = 'screen and (max-width: 40rem)';

export const intro = style({ maxWidth: '48rem' });

export const account = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.md} 0 0`,
});

globalStyle(`${account} dd`, { margin: 0 });

export const group = style({ marginTop: vars.space.lg, maxWidth: '48rem' });

export const groupTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.sm}` });

export const table = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', '@media': { [narrow]: { display: 'block' } } });

globalStyle(`${table} > tbody`, { '@media': { [narrow]: { display: 'block' } } });

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  verticalAlign: 'middle',
});

globalStyle(`${table} thead th`, { fontSize: vars.fontSize.sm, color: vars.color.textMuted, borderBottomColor: vars.color.border });

export const head = style({
  '@media': {
    [narrow]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
  },
});

export const row = style({
  '@media': {
    [narrow]: {
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      gap: `${vars.space.xs} ${vars.space.md}`,
      alignItems: 'center',
      padding: `${vars.space.sm} 0`,
      borderBottom: `1px solid ${vars.color.borderSubtle}`,
    },
  },
});

globalStyle(`${row} > td`, {
  '@media': { [narrow]: { display: 'block', padding: 0, border: 0 } },
});

/** Narrow: the amount and the method at the right edge. */
globalStyle(`${row} > td:nth-child(even)`, {
  '@media': { [narrow]: { textAlign: 'right' } },
});

export const dateColumn = style({ width: '26%' });
export const amountColumn = style({ width: '18%' });
export const statusColumn = style({ width: '30%' });

/** Amounts line up at their decimal comma or point. */
export const amount = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

globalStyle(`${table} th${amount}, ${table} td${amount}`, { textAlign: 'right' });

export const date = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 });

export const empty = style({ marginTop: vars.space.lg, maxWidth: '48rem' });
