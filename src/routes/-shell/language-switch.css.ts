import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css';

export const group = style({
  display: 'inline-flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  overflow: 'hidden',
});

/** The label is the button; the radio input covers it, invisible, so a click anywhere on it selects. */
export const button = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: vars.size.target,
  minHeight: vars.size.target,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { background: vars.color.secondary, color: vars.color.textInverse },
    '&:has(input:focus-visible)': { outline: vars.focusRing, outlineOffset: '-3px' },
  },
});

export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});
