import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.sm,
});

export const item = style({ display: 'inline-flex', alignItems: 'center' });

/** Links are at least 24 px high (WCAG 2.2 target size) and always underlined. */
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '1.5rem',
  paddingInline: '0.125rem',
  color: vars.color.accent,
  textDecoration: 'underline',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { textDecorationThickness: '2px' },
    '&:focus-visible': { outline: vars.focusRing, outlineOffset: '2px' },
    '&[data-current]': { color: vars.color.text, textDecoration: 'none', fontWeight: 600, cursor: 'default' },
  },
});

export const separator = style({
  paddingInline: vars.space.sm,
  color: vars.color.textMuted,
});
