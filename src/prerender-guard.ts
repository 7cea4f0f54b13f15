import { defaultLocale, storageKey } from './i18n/locales';

/**
 * The one inline script of the built index.html (decision 23). The host serves index.html, with the
 * prerendered German start page in it (src/prerender.tsx), for every path of the SPA, and the
 * app's own script comes later. Where that page is not the one to show (another path, or a visitor
 * who chose English), this script marks `<html>` before the body is parsed, and the stylesheet hides
 * the prerendered markup (`[data-prerendered]` in src/ui/global.css.ts): the page stays empty until
 * the app renders the right one, instead of showing the wrong page first. It runs before the first
 * paint, so it cannot be a file of its own without delaying the start page; the CSP allows exactly
 * this text by its sha256 hash in public/_headers (checked by
 * tests/sandbox/security-headers.test.ts).
 */
export const prerenderGuard =
  `var s=location.pathname!=="/";` +
  `try{s=s||(localStorage.getItem(${JSON.stringify(storageKey)})||${JSON.stringify(defaultLocale)})!==${JSON.stringify(defaultLocale)}}catch(e){}` +
  `if(s)document.documentElement.setAttribute("data-prerender","stale")`;

