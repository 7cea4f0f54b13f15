import { Hono } from 'hono';
import type { Context } from 'hono';

import { accountKeysOf, forgetFailures, recordFailure, refusedFor } from '../attempt-limit';
import type { SandboxConfig } from '../config';
import { html, mediaTypeOf, readBodyText, redirect, type Reply, toResponse } from '../http';
import {
  authenticate,
  authorizePath,
  authorizeQuery,
  type AuthorizeParams,
  checkAuthorizeRequest,
  issueAuthorizationCode,
  makeSignInToken,
  oauthProtocolGuards,
  portalPaths,
  portalUrl,
  signInBinding,
  signInFormPath,
  signInTokenFits,
  type UiLocale,
} from '../oauth';
import type { SandboxDeps } from '../sandbox-routes';
import { escapeHtml, page, sandboxPageHeaders } from './layout';

/**
 * The authorization server's own sign-in page (German and English), shown by the authorize
 * endpoint, and the form's POST handler. The form carries the authorize request as hidden fields
 * and a CSRF token signed for this browser (the `portal_signin` cookie).
 */

const texts = {
  'de-DE': {
    title: 'Anmelden',
    intro: 'Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    forgot: 'Passwort vergessen?',
    noAccount: 'Noch kein Konto?',
    register: 'Jetzt Abo bestellen und registrieren',
    switchLabel: 'Sprache',
    switchTo: 'English',
    switchLang: 'en-US',
    required: 'Pflichtfeld',
    emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    passwordRequired: 'Bitte geben Sie Ihr Passwort ein.',
    credentials: 'Die E-Mail-Adresse oder das Passwort ist falsch.',
    tooManyAttempts: (minutes: number) =>
      `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${minutes === 1 ? 'einer Minute' : `${minutes} Minuten`} noch einmal.`,
    expired: 'Das Formular ist abgelaufen. Bitte melden Sie sich noch einmal an.',
    crossSite: 'Diese Anmeldung kam nicht von dieser Seite und wurde abgelehnt.',
    badRequest: 'Diese Anmeldeanfrage ist ungültig.',
    errorTitle: 'Fehler',
  },
  'en-US': {
    title: 'Sign in',
    intro: 'Sign in with your email address and password.',
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
    forgot: 'Forgot your password?',
    noAccount: 'No account yet?',
    register: 'Order a subscription and register',
    switchLabel: 'Language',
    switchTo: 'Deutsch',
    switchLang: 'de-DE',
    required: 'required',
    emailRequired: 'Please enter your email address.',
    passwordRequired: 'Please enter your password.',
    credentials: 'The email address or the password is wrong.',
    tooManyAttempts: (minutes: number) => `Too many failed sign-in attempts. Please try again in ${minutes === 1 ? 'one minute' : `${minutes} minutes`}.`,
    expired: 'The form has expired. Please sign in again.',
    crossSite: 'This sign-in did not come from this site and was refused.',
    badRequest: 'This sign-in request is invalid.',
    errorTitle: 'Error',
  },
} as const;

export interface SignInPageOptions {
  config: SandboxConfig;
  params: AuthorizeParams;
  csrfToken: string;
  email?: string;
  /** A form-level error: wrong credentials, an expired form, or too many failed tries (with the seconds to wait). */
  error?: 'credentials' | 'expired' | { tooManyAttempts: number };
  fieldErrors?: { email?: 'required'; password?: 'required' };
}

/** Headers of every sign-in page: never cached, never framed, scripts off, forms only to us and the portal. */
function pageHeaders(config: SandboxConfig): Record<string, string> {
  return sandboxPageHeaders({ formAction: ["'self'", new URL(config.portalOrigin).origin], referrerPolicy: 'no-referrer' });
}

function formErrorText(t: (typeof texts)[UiLocale], error: SignInPageOptions['error']): string | undefined {
  if (!error) return undefined;
  if (error === 'credentials') return t.credentials;
  if (error === 'expired') return t.expired;
  return t.tooManyAttempts(Math.ceil(error.tooManyAttempts / 60));
}

export function signInPage(options: SignInPageOptions): string {
  const { config, params } = options;
  const t = texts[params.uiLocale];
  const formError = formErrorText(t, options.error);
  const emailError = options.fieldErrors?.email ? t.emailRequired : undefined;
  const passwordError = options.fieldErrors?.password ? t.passwordRequired : undefined;
  const describedBy = (fieldErrorId: string | undefined) => [formError ? 'form-error' : undefined, fieldErrorId].filter(Boolean).join(' ');
  const emailDescribedBy = describedBy(emailError ? 'email-error' : undefined);
  const passwordDescribedBy = describedBy(passwordError ? 'password-error' : undefined);
  const switchHref = `${authorizePath}?${authorizeQuery(params, { uiLocale: t.switchLang }).toString()}`;
  const hidden = Object.fromEntries(authorizeQuery(params).entries());

  const body = `<header>
<nav aria-label="${escapeHtml(t.switchLabel)}"><a href="${escapeHtml(switchHref)}" hreflang="${t.switchLang}" lang="${t.switchLang}">${escapeHtml(t.switchTo)}</a></nav>
</header>
<main>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
${formError ? `<div id="form-error" class="error" role="alert"><p>${escapeHtml(formError)}</p></div>` : ''}
<form method="post" action="${signInFormPath}">
${Object.entries(hidden)
  .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
  .join('\n')}
<input type="hidden" name="csrf" value="${escapeHtml(options.csrfToken)}">
<label for="email">${escapeHtml(t.email)} <span aria-hidden="true">*</span></label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" spellcheck="false" required value="${escapeHtml(options.email ?? '')}"${
    emailError || formError ? ' aria-invalid="true"' : ''
  }${emailDescribedBy ? ` aria-describedby="${emailDescribedBy}"` : ''}>
${emailError ? `<p id="email-error" class="error">${escapeHtml(emailError)}</p>` : ''}
<label for="password">${escapeHtml(t.password)} <span aria-hidden="true">*</span></label>
<input id="password" name="password" type="password" autocomplete="current-password" required${passwordError || formError ? ' aria-invalid="true"' : ''}${
    passwordDescribedBy ? ` aria-describedby="${passwordDescribedBy}"` : ''
  }>
${passwordError ? `<p id="password-error" class="error">${escapeHtml(passwordError)}</p>` : ''}
<button type="submit">${escapeHtml(t.submit)}</button>
</form>
<p><a href="${escapeHtml(portalUrl(config, portalPaths.passwordReset))}">${escapeHtml(t.forgot)}</a></p>
<p>${escapeHtml(t.noAccount)} <a href="${escapeHtml(portalUrl(config, portalPaths.register))}">${escapeHtml(t.register)}</a></p>
</main>`;
  return page({ lang: params.uiLocale, title: formError || emailError || passwordError ? `${t.errorTitle}: ${t.title}` : t.title, body });
}

/** The sign-in page as a reply, with a fresh CSRF token for this browser. */
export function signInReply(
  c: Context,
  config: SandboxConfig,
  params: AuthorizeParams,
  extra: Omit<SignInPageOptions, 'config' | 'params' | 'csrfToken'> = {},
  status = 200,
): Reply {
  const csrfToken = makeSignInToken(config, signInBinding(c, config));
  const reply = html(signInPage({ config, params, csrfToken, ...extra }), status);
  return { ...reply, headers: pageHeaders(config) };
}

function messagePage(config: SandboxConfig, locale: UiLocale, message: string, status: number): Reply {
  const t = texts[locale];
  const body = `<main>\n<h1>${escapeHtml(t.title)}</h1>\n<p class="error" role="alert">${escapeHtml(message)}</p>\n</main>`;
  return { ...html(page({ lang: locale, title: `${t.errorTitle}: ${t.title}`, body }), status), headers: pageHeaders(config) };
}

/** The OAuth protocol guards (sandbox/oauth.ts) and the form's POST handler. */
export function signInRoutes(deps: SandboxDeps): Hono {
  const { db, config } = deps;
  const routes = new Hono();
  routes.route('/', oauthProtocolGuards(config));

  routes.post(signInFormPath, async (c) => {
    // The form as a browser posts it: form-encoded (else 415), small (else 413); the page's language is not known yet.
    const refused = (status: number) => toResponse(c, messagePage(config, 'de-DE', texts['de-DE'].badRequest, status));
    const text = await readBodyText(c);
    if (text === undefined) return refused(413);
    if (text !== '' && mediaTypeOf(c.req.header('Content-Type')) !== 'application/x-www-form-urlencoded') return refused(415);
    const form = new URLSearchParams(text);
    const read = (name: string): string[] => form.getAll(name);
    const requestedLocale = read('ui_locales')[0];
    const locale: UiLocale = requestedLocale === 'en-US' ? 'en-US' : 'de-DE';
    if (c.req.header('Sec-Fetch-Site') === 'cross-site') return toResponse(c, messagePage(config, locale, texts[locale].crossSite, 403));

    const verdict = checkAuthorizeRequest(read, config);
    if (verdict.kind === 'refused') return toResponse(c, messagePage(config, locale, texts[locale].badRequest, 400));
    if (verdict.kind === 'redirect') return toResponse(c, redirect(verdict.location));
    // The OAuth parameters given twice were reported above; any other field given twice is no form of this page.
    if ([...new Set(form.keys())].some((name) => read(name).length > 1)) return toResponse(c, messagePage(config, locale, texts[locale].badRequest, 400));
    const params = verdict.params;
    const email = (read('email')[0] ?? '').trim();
    const password = read('password')[0] ?? '';

    if (!signInTokenFits(c, config, read('csrf')[0])) return toResponse(c, signInReply(c, config, params, { email, error: 'expired' }, 403));
    if (!email || !password) {
      return toResponse(
        c,
        signInReply(c, config, params, { email, fieldErrors: { ...(email ? {} : { email: 'required' }), ...(password ? {} : { password: 'required' }) } }, 400),
      );
    }
    // Wrong passwords are limited per account (decision 28); an unknown address alike, so the limit tells nothing.
    const tries = accountKeysOf(config.secret, 'signIn', email);
    const wait = await refusedFor(db, tries);
    if (wait !== undefined) {
      const reply = signInReply(c, config, params, { email, error: { tooManyAttempts: wait } }, 429);
      return toResponse(c, { ...reply, headers: { ...reply.headers, 'Retry-After': String(wait) } });
    }
    const user = await authenticate(db, email, password);
    if (!user) {
      await recordFailure(db, tries);
      return toResponse(c, signInReply(c, config, params, { email, error: 'credentials' }, 401));
    }
    await forgetFailures(db, tries);
    return toResponse(c, redirect(await issueAuthorizationCode(db, config, user.id, params)));
  });
  return routes;
}
