import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/** A notice of the whole page below the header: as wide as the page's content. */
export const notice = style({
  width: '100%',
  maxWidth: vars.size.content,
  margin: `${vars.space.md} auto 0`,
  paddingInline: vars.space.md,
});
