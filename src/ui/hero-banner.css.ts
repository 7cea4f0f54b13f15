import { globalStyle, style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/**
 * 20rem high (SPEC.md section 9) as a minimum, so enlarged text grows the banner instead of being
 * cut off. White on the dark blue is 11.5:1; the focus ring turns white here (11.5:1). Links in
 * the heading and the lead text turn white too; the action is not touched: it brings its own
 * colours (e.g. the start page's light button with red text), which a white for every link in the
 * banner would override (issue 13: white text on the white button).
 */
export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  alignItems: 'flex-start',
  gap: vars.space.md,
  minHeight: vars.size.heroHeight,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: vars.color.secondary,
  color: vars.color.textInverse,
});

globalStyle(`${hero} :focus-visible`, {
  outlineColor: vars.color.focusInverse,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: 1.2, maxWidth: '40rem' });

export const text = style({ margin: 0, fontSize: vars.fontSize.lg, maxWidth: '40rem' });

// Also over the link's own hover colour (`a:hover`), a dark blue.
globalStyle(`${title} a, ${title} a:hover, ${text} a, ${text} a:hover`, { color: vars.color.textInverse });
