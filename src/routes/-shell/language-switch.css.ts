import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css';

export const group = style({
  display: 'inline-flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  overflow: 'hidden',
});

export const button = style({
  minWidth: vars.size.target,
  minHeight: vars.size.target,
  border: 0,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { background: vars.color.secondary, color: vars.color.textInverse },
    '&[data-focus-visible]': { outline: vars.focusRing, outlineOffset: '-3px' },
  },
});
