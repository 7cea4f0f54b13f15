import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

export const listBox = style({
  padding: vars.space.xs,
  outline: 'none',
  overflowY: 'auto',
});

/** The combo box's list scrolls beyond 300 px (SPEC.md section 9). */
export const comboBoxList = style({ maxHeight: vars.size.comboboxList });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.target,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.infoSurface },
    '&[data-focused]': { background: vars.color.accent, color: vars.color.textInverse },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.text}`, outlineOffset: '-2px' },
    '&[data-selected]': { fontWeight: 700 },
    '&[data-disabled]': { color: vars.color.disabledText, cursor: 'not-allowed', background: 'transparent' },
  },
});

/** The check mark takes its room on every item so labels line up. */
export const check = style({ width: '1.25em', display: 'inline-flex' });

export const section = style({
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.borderSubtle}`, marginTop: vars.space.xs, paddingTop: vars.space.xs } },
});

export const header = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  color: vars.color.textMuted,
});
