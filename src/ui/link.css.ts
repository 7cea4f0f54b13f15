import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/** Links are underlined (not colour alone) in #0b5394 (7.8:1). */
export const link = style({
  color: vars.color.accent,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  borderRadius: '2px',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.accentHover, textDecorationThickness: '2px' },
    '&:focus-visible': { outline: vars.focusRing, outlineOffset: '2px' },
  },
});

/** A link on its own line (not inside a sentence) is at least 24 px high. */
export const standalone = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '1.5rem',
});

export const externalIcon = style({ width: '1em', height: '1em', verticalAlign: '-0.1em' });
