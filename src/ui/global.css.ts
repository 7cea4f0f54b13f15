import { globalStyle } from '@vanilla-extract/css';

import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontFamily: vars.font.body,
  fontSize: '100%',
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.surface,
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', { margin: 0, minHeight: '100vh' });

globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });

// The pages prerendered into index.html and order.html (scripts/prerender.ts): their wrapper lays the
// markup out as #root's own children, and hides it where it is not the page to show
// (src/start-up/prerender-guard.ts). The app's first render replaces it.
globalStyle('[data-prerendered]', { display: 'contents' });
globalStyle('html[data-prerender="stale"] [data-prerendered]', { display: 'none' });
// A visitor who may be signed in (src/start-up/prerender-guard.ts): not the prerendered Log in, which the app
// replaces with the customer's own buttons (src/routes/-shell/sign-in-button.tsx).
globalStyle('html[data-prerender="session"] [data-prerendered] [data-sign-in]', { visibility: 'hidden' });
// react-aria hides a radio's input with a style attribute, which the CSP refuses in markup: the
// build marks those inputs' wrappers instead (scripts/prerender.ts), with react-aria's very style.
globalStyle('[data-prerendered] [data-visually-hidden]', {
  border: 0,
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  width: 1,
  whiteSpace: 'nowrap',
});

globalStyle(':focus-visible', { outline: vars.focusRing, outlineOffset: '2px' });

/**
 * A heading that script focuses after a navigation or a step change (`PageHeading`, the hero's h1,
 * the wizard's step h2: `tabIndex={-1}`, out of the tab order) shows no focus ring: it is not a
 * control, and Chromium counts a focus by script on a freshly loaded page (the return from the
 * payment provider) as :focus-visible, so mouse users saw a thick frame around it (issue 13). A
 * screen reader still reads it, and the next Tab goes on from it to a control with its ring.
 */
globalStyle(':is(h1, h2, h3, h4, h5, h6)[tabindex="-1"]:focus', { outline: 'none' });

globalStyle('a', { color: vars.color.accent });

globalStyle('img, svg', { maxWidth: '100%' });
