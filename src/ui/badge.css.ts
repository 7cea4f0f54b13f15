import { recipe } from '@vanilla-extract/recipes';

import { vars } from './theme.css';

/** Badges: text plus icon on a tinted pill (5.8:1 and 6.4:1), never colour alone. */
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    paddingBlock: '0.125rem',
    paddingInline: vars.space.sm,
    borderRadius: vars.radius.pill,
    border: '1px solid',
    fontSize: vars.fontSize.sm,
    fontWeight: 600,
    lineHeight: 1.4,
    whiteSpace: 'nowrap',
  },
  variants: {
    variant: {
      success: { color: vars.color.success, background: vars.color.successSurface, borderColor: vars.color.success },
      error: { color: vars.color.error, background: vars.color.errorSurface, borderColor: vars.color.error },
    },
  },
  defaultVariants: { variant: 'success' },
});
