import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

/** The dashboard's first card: the ticket to show today, with one press to its code. */
export const card = style({
  border: `2px solid ${vars.color.primary}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  marginTop: vars.space.lg,
  background: vars.color.surface,
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  // The card's full height from its first paint ("Loading your ticket…"): the ticket that follows
  // does not push the page down (a layout shift Lighthouse counts).
  minHeight: '13.5rem',
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const facts = style({ margin: 0 });

/** The way to the barcode: a link that looks like the primary button (44 px high). */
export const showTicket = style({
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.target,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.textInverse,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.primaryHover, color: vars.color.textInverse } },
});
