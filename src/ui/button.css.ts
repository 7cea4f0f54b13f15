import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';

import { vars } from './theme.css';

/**
 * Buttons: sizes sm (32 px, above the 24 px WCAG 2.2 minimum) and md (44 px); six variants
 * (SPEC.md section 9). Every state keeps 4.5:1 text contrast and a 3:1 boundary where the variant
 * has one; disabled buttons turn grey with #595959 text (5.6:1) and a #767676 border (3.6:1).
 */
const transparentWhenDisabled = {
  '&[data-disabled]': { background: 'transparent', borderColor: 'transparent' },
} as const;

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    border: '2px solid transparent',
    borderRadius: vars.radius.md,
    font: 'inherit',
    fontWeight: 600,
    lineHeight: 1.2,
    textAlign: 'center',
    textDecoration: 'none',
    cursor: 'pointer',
    transitionProperty: 'background-color, border-color, color',
    transitionDuration: '100ms',
    WebkitTapHighlightColor: 'transparent',
    '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
    selectors: {
      '&[data-focus-visible]': { outline: vars.focusRing, outlineOffset: '2px' },
      '&[data-disabled]': {
        background: vars.color.disabledSurface,
        color: vars.color.disabledText,
        borderColor: vars.color.border,
        cursor: 'not-allowed',
      },
      '&[data-pending]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.primary,
        color: vars.color.textInverse,
        selectors: { '&[data-hovered], &[data-pressed]': { background: vars.color.primaryHover } },
      },
      accent: {
        background: vars.color.accent,
        color: vars.color.textInverse,
        selectors: { '&[data-hovered], &[data-pressed]': { background: vars.color.accentHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.secondary,
        borderColor: vars.color.secondary,
        selectors: { '&[data-hovered], &[data-pressed]': { background: vars.color.infoSurface } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.accent,
        selectors: {
          '&[data-hovered], &[data-pressed]': { background: vars.color.infoSurface },
          ...transparentWhenDisabled,
        },
      },
      text: {
        background: 'transparent',
        color: vars.color.accent,
        textDecoration: 'underline',
        selectors: {
          '&[data-hovered], &[data-pressed]': { color: vars.color.accentHover, textDecorationThickness: '2px' },
          ...transparentWhenDisabled,
        },
      },
      textGrey: {
        background: 'transparent',
        color: vars.color.textMuted,
        textDecoration: 'underline',
        selectors: {
          '&[data-hovered], &[data-pressed]': { color: vars.color.text, textDecorationThickness: '2px' },
          ...transparentWhenDisabled,
        },
      },
    },
    size: {
      sm: {
        minHeight: vars.size.targetSm,
        minWidth: vars.size.targetSm,
        paddingBlock: vars.space.xs,
        paddingInline: '0.75rem',
        fontSize: vars.fontSize.sm,
      },
      md: {
        minHeight: vars.size.target,
        minWidth: vars.size.target,
        paddingBlock: vars.space.sm,
        paddingInline: '1.25rem',
        fontSize: vars.fontSize.md,
      },
    },
  },
  compoundVariants: [
    { variants: { variant: 'text', size: 'sm' }, style: { paddingInline: vars.space.xs } },
    { variants: { variant: 'text', size: 'md' }, style: { paddingInline: vars.space.xs } },
    { variants: { variant: 'textGrey', size: 'sm' }, style: { paddingInline: vars.space.xs } },
    { variants: { variant: 'textGrey', size: 'md' }, style: { paddingInline: vars.space.xs } },
  ],
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

export const progress = style({ display: 'inline-flex', alignItems: 'center' });
