import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css';

export const progress = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.md} 0`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const progressItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderSubtle}`,
  color: vars.color.textMuted,
  selectors: {
    '&[aria-current="step"]': { borderColor: vars.color.secondary, color: vars.color.text, fontWeight: 700 },
    '&[data-done]': { color: vars.color.text },
  },
});

export const progressNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.5rem',
  height: '1.5rem',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
});

export const stepCount = style({ color: vars.color.textMuted, margin: 0 });

export const step = style({ marginTop: vars.space.lg, position: 'relative' });

/**
 * A prepared step (a hidden one the wizard may show next): not seen, not in the accessibility
 * tree, not reachable with Tab (`visibility: hidden`), and of no height, but with its styles and
 * layout computed, at the width of the step on screen, so showing it costs the browser little.
 * Without this class a hidden step is `display: none` (the `hidden` attribute).
 */
export const prepared = style({
  selectors: {
    '&[hidden]': { display: 'block', visibility: 'hidden', position: 'absolute', insetInline: 0, top: 0, height: 0, overflow: 'hidden' },
  },
});

/**
 * Where a step shows while its code loads (rarely: the steps one press away are preloaded). It
 * keeps about a form's height, so the footer does not jump up and then down again.
 */
export const stepLoading = style({ minHeight: 'min(60vh, 32rem)' });
