import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/** A boxed side panel, 16rem wide like the popover (SPEC.md section 9). */
export const panel = style({
  width: vars.size.popover,
  maxWidth: '100%',
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
});

export const title = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.md, fontWeight: 700 });
