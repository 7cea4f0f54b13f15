import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.target,
  width: 'fit-content',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { color: vars.color.disabledText, cursor: 'not-allowed' } },
});

/** Track with a #767676 border (4.5:1); "on" fills it with the accent blue and moves the knob. */
export const track = style({
  flexShrink: 0,
  position: 'relative',
  width: '2.75rem',
  height: '1.5rem',
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  transition: 'background-color 100ms, border-color 100ms',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
  selectors: {
    [`${button}[data-selected] &`]: { background: vars.color.accent, borderColor: vars.color.accent },
    [`${button}[data-focus-visible] &`]: { outline: vars.focusRing, outlineOffset: '2px' },
    [`${button}[data-invalid] &`]: { borderColor: vars.color.error },
    [`${button}[data-disabled] &`]: { background: vars.color.disabledSurface, borderColor: vars.color.border },
  },
});

export const knob = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '1rem',
  height: '1rem',
  borderRadius: '50%',
  background: vars.color.border,
  transition: 'transform 100ms',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
  selectors: {
    [`${button}[data-selected] &`]: { transform: 'translateX(1.25rem)', background: vars.color.surface },
    [`${button}[data-disabled] &`]: { background: vars.color.disabledText },
  },
});

export const description = style({ paddingInlineStart: `calc(2.75rem + ${vars.space.sm})` });
