import { expiryCookieName } from '#src/auth/expiry';
import { draftKey } from '#src/flows/order-wizard/draft-keys';
import { defaultLocale, storageKey } from '#src/i18n/locales';

/** The attribute of `<html>` that names the path a built page was prerendered for (scripts/prerender.ts). */
export const prerenderedPathAttribute = 'data-prerendered-path';

/** The attribute of `<html>` that names the Intl warm-up worker's file in a built page (src/start-up/intl-warmup.ts). */
export const intlWarmupAttribute = 'data-intl-warmup';

/**
 * The one inline script of the built pages (decision 23). The build prerenders two pages in German,
 * signed out, as they look before any answer of the API: the start page into index.html and the
 * order wizard's first step into order.html (src/start-up/prerender.tsx). The host serves index.html for
 * every other path of the SPA, and the app's own script comes later. Where the prerendered page is
 * not the one to show, this script marks `<html>` before the body is parsed, and the stylesheet hides
 * the prerendered markup (`[data-prerendered]` in src/ui/global.css.ts): the page stays empty until
 * the app renders the right one, instead of showing the wrong page first. Not the one to show:
 * - another path than the one `<html data-prerendered-path>` names (index.html at /legal/agb);
 * - a visitor who chose English;
 * - on /order, anything that makes the app show more than an empty first step: a step in the
 *   query (`?step=billing`), the wizard's draft in this tab (a reload, the way back from sign-in),
 *   or a session (the expiry cookie: a signed-in customer is sent on to /app/order).
 * Where the page is the one to show but there may be a session (the expiry cookie at `/`), it marks
 * `<html data-prerender="session">`, and the stylesheet hides the prerendered header's Log in
 * (`[data-sign-in]`), which the app replaces with the customer's buttons.
 * It also starts the worker that loads the browser's locale data beside the main thread, from the
 * file the build names in `<html data-intl-warmup>` (src/start-up/intl-warmup.ts): from here its work
 * is done while the page's scripts download.
 * It runs before the first paint, so it cannot be a file of its own without delaying the page; the
 * CSP allows exactly this text by its sha256 hash in public/_headers (checked by
 * tests/sandbox/security-headers.test.ts). Storage a browser refuses (a private mode) counts as
 * empty.
 */
export const prerenderGuard =
  `var h=document.documentElement,p=h.getAttribute(${JSON.stringify(prerenderedPathAttribute)}),` +
  `c=/(^|;)\\s*${expiryCookieName}=/.test(document.cookie),s=location.pathname!==p||p!=="/"&&(location.search!==""||c);` +
  `try{s=s||(localStorage.getItem(${JSON.stringify(storageKey)})||${JSON.stringify(defaultLocale)})!==${JSON.stringify(defaultLocale)}` +
  `||p!=="/"&&sessionStorage.getItem(${JSON.stringify(draftKey)})!==null}catch(e){}` +
  `if(s)h.setAttribute("data-prerender","stale");else if(c)h.setAttribute("data-prerender","session");` +
  `try{var w=h.getAttribute(${JSON.stringify(intlWarmupAttribute)});if(w)new Worker(w,{name:"intl-warmup"})}catch(e){}`;
