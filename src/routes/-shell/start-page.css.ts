import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css';

/** The order button: a white button with red text (8.2:1; 9.9:1 hovered) on the hero's dark blue. */
export const cta = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.target,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.primary,
  fontWeight: 700,
  textDecoration: 'none',
  marginTop: vars.space.md,
  selectors: {
    // Red stays red under the pointer (the link's own hover colour is a blue).
    '&:hover': { color: vars.color.primaryHover, background: vars.color.surfaceMuted, textDecoration: 'underline' },
  },
});

export const price = style({ marginTop: vars.space.xl });

export const amount = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });
