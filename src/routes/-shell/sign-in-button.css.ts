import { style } from '@vanilla-extract/css';

import { button } from '#src/ui/button.css';
import { vars } from '#src/ui/theme.css';

/**
 * The header's Log in (sign-in-button.tsx): the design system's primary small button on a native
 * `<button>`, outside react-aria, so the states react-aria marks with data attributes come from the
 * browser's own pseudo-classes. One class string made at build time: the start page loads neither
 * react-aria nor the recipe's runtime for it.
 */
const nativeStates = style({
  selectors: {
    '&:focus-visible': { outline: vars.focusRing, outlineOffset: '2px' },
    '&:hover, &:active': { background: vars.color.primaryHover },
    '&[aria-disabled="true"]': { cursor: 'progress' },
  },
});

export const signInButton = `${button({ variant: 'primary', size: 'sm' })} ${nativeStates}`;
