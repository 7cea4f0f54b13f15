import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';

import { vars } from './theme.css';

/**
 * Alerts: dark text on a tinted surface (15:1), a 4px coloured edge and an icon in the variant's
 * colour; the variant is also named in text for screen readers, so colour never carries it alone.
 */
export const alert = recipe({
  base: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: vars.space.sm,
    padding: vars.space.md,
    borderRadius: vars.radius.md,
    border: '1px solid',
    borderInlineStartWidth: '6px',
    color: vars.color.text,
  },
  variants: {
    variant: {
      info: { background: vars.color.infoSurface, borderColor: vars.color.info },
      success: { background: vars.color.successSurface, borderColor: vars.color.success },
      warning: { background: vars.color.warningSurface, borderColor: vars.color.warning },
      destructive: { background: vars.color.errorSurface, borderColor: vars.color.error },
    },
  },
  defaultVariants: { variant: 'info' },
});

export const icon = recipe({
  base: { marginTop: '0.1em' },
  variants: {
    variant: {
      info: { color: vars.color.info },
      success: { color: vars.color.success },
      warning: { color: vars.color.warning },
      destructive: { color: vars.color.error },
    },
  },
});

export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700 });

export const content = style({ gridColumn: 2, selectors: { '&:not(:empty)': { marginTop: vars.space.xs } } });
