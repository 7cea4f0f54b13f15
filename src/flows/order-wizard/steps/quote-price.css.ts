import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

/** The price of a quote: a tinted box that stands out from the fields (15:1 text contrast). */
export const price = style({
  padding: vars.space.md,
  // Two lines reserved: "Loading your price…" turns into a two-line price sentence, and the
  // step's buttons below must not jump while the customer reaches for them.
  minBlockSize: `calc(2lh + 2 * ${vars.space.md})`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});
