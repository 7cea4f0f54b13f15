import { globalStyle, style } from '@vanilla-extract/css';

import { field } from './field.css';
import { check } from './list-box.css';
import { vars } from './theme.css';

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  width: '100%',
  minHeight: vars.size.target,
  paddingInline: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: vars.focusRing, outlineOffset: '1px' },
    [`${field}[data-invalid] &`]: { borderColor: vars.color.error, boxShadow: `inset 0 0 0 1px ${vars.color.error}` },
    '&[data-disabled]': { background: vars.color.disabledSurface, color: vars.color.disabledText, cursor: 'not-allowed' },
  },
});

export const value = style({
  flex: 1,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});

/** The chosen option is shown without the list's check-mark column. */
globalStyle(`${value} ${check}`, { display: 'none' });
