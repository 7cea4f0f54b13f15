import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  borderTop: `1px solid ${vars.color.border}`,
});

export const disclosure = style({
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { [`:not(${group}) > &`]: { borderTop: `1px solid ${vars.color.border}` } },
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.md });

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: vars.size.target,
  padding: `${vars.space.sm} ${vars.space.xs}`,
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 600,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceMuted },
    '&[data-focus-visible]': { outline: vars.focusRing, outlineOffset: '-3px' },
    '&[data-disabled]': { color: vars.color.disabledText, cursor: 'not-allowed' },
  },
});

export const chevron = style({
  transition: `transform ${vars.duration.accordion} ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
  selectors: { [`${disclosure}[data-expanded] &`]: { transform: 'rotate(180deg)' } },
});

/**
 * react-aria sets `--disclosure-panel-height` from 0 to the content height and back, so the
 * height can be animated; 100 ms (SPEC.md section 9), and no animation when the customer asks for
 * reduced motion.
 */
export const panel = style({
  height: 'var(--disclosure-panel-height)',
  overflow: 'clip',
  transition: `height ${vars.duration.accordion} ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const panelContent = style({ padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.md}` });
