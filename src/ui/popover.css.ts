import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/** Floating surfaces: 16rem wide by default (SPEC.md section 9), or the trigger's width. */
export const popover = style({
  boxSizing: 'border-box',
  maxWidth: 'calc(100vw - 1rem)',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.18)',
  outline: 'none',
  overflow: 'auto',
});

export const panelWidth = style({ width: vars.size.popover });

/** Lists under a select or combo box are as wide as their trigger. */
export const triggerWidth = style({ width: 'var(--trigger-width)', minWidth: '12rem' });

export const dialog = style({
  padding: vars.space.md,
  outline: 'none',
});

export const title = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
});
