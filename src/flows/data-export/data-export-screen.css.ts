import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const text = style({ maxWidth: '48rem' });

export const list = style({ maxWidth: '48rem', paddingLeft: vars.space.lg });

export const progress = style({ display: 'block', width: '100%', maxWidth: '24rem', height: '1rem', accentColor: vars.color.accent });

/** The readable version: printed without the portal's header, footer and the page's buttons. */
export const readable = style({ marginTop: vars.space.xl, maxWidth: '60rem' });

export const part = style({ marginTop: vars.space.lg });

export const partTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.sm}` });

export const table = style({
  borderCollapse: 'collapse',
  width: '100%',
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.sm,
  breakInside: 'avoid',
});

export const caption = style({ textAlign: 'left', fontWeight: 600, padding: `${vars.space.xs} 0` });

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  overflowWrap: 'anywhere',
});

globalStyle(`${table} th`, { fontWeight: 400, color: vars.color.textMuted, width: '40%', fontFamily: vars.font.mono });

/** What the print leaves out: set on the page's buttons and links. */
export const noPrint = style({ '@media': { print: { display: 'none' } } });

// Printing the readable version: only the page's content, not the portal around it.
globalStyle(`body:has(${readable}) header, body:has(${readable}) footer, body:has(${readable}) nav`, {
  '@media': { print: { display: 'none' } },
});
