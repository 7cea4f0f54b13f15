import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/** An alert between a screen's paragraphs: space above and below, no wider than the text. */
export const notice = style({ marginTop: vars.space.md, marginBottom: vars.space.md, maxWidth: '48rem' });

/** A line that qualifies what is shown next to it ("Offline: as kept on this device, as of …"): the warning's colours, readable at 15:1. */
export const caveat = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderInlineStart: `4px solid ${vars.color.warning}`,
  background: vars.color.warningSurface,
  color: vars.color.text,
});
