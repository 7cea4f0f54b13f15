import * as v from 'valibot';

import { type ProductRules, resolveProduct } from '../domain/product';

/**
 * The runtime configuration: one JSON file served beside the app (`/config.json`), read once at
 * start and validated here. One build serves any product and any environment; only this file
 * changes between them.
 */
const localizedText = v.union([
  v.pipe(v.string(), v.nonEmpty()),
  v.object({ 'de-DE': v.pipe(v.string(), v.nonEmpty()), 'en-US': v.pipe(v.string(), v.nonEmpty()) }),
]);

const nonEmptyText = v.pipe(v.string(), v.trim(), v.nonEmpty());

/** An absolute http(s) URL, or a path on this origin. */
const urlOrPath = v.pipe(
  v.string(),
  v.check((value) => value.startsWith('/') || /^https?:\/\/[^/]+/.test(value), 'must be an http(s) URL or start with /'),
);

/**
 * A path on the portal's own origin (`/`, `/api/v2/…`), never another origin: the session lives in
 * SameSite cookies of that origin and its CSRF double-submit cookie must be readable by the page
 * (docs/decisions/0003-token-model.md), so the API and the authorization server's endpoints share the
 * portal's origin behind one web server (docs/decisions/0027-deploy-behind-nginx.md, docs/deploy.md).
 */
const sameOriginPath = v.pipe(
  v.string(),
  v.regex(/^\/(?![/\\])/, "must be a path on the portal's origin, such as /: the session works on one origin only (docs/deploy.md)"),
);

const origin = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  }, 'must be an origin such as https://pay.example.com (scheme, host and port; no path)'),
);

const image = v.object({ src: urlOrPath, alt: localizedText });

const hyperlink = v.object({ url: urlOrPath, name: localizedText, openExternal: v.optional(v.boolean(), false) });

export const runtimeConfigSchema = v.object({
  /** Where the API lives: a path on the portal's origin, `/` (decision 27: never another origin); the token and logout endpoints too. */
  apiBaseUrl: sameOriginPath,
  oauth: v.object({
    clientId: v.pipe(v.string(), v.nonEmpty()),
    /** A page the browser is sent to: the authorization server's, on this origin or (https) its own. */
    authorizePath: urlOrPath,
    tokenPath: sameOriginPath,
    logoutPath: sameOriginPath,
  }),
  /** deuti, joti or seti, or their ids 9999, 9998, 9996; anything else means deuti (SPEC.md 6.1). */
  product: v.pipe(
    v.optional(v.union([v.string(), v.number()]), 'deuti'),
    v.transform((value): ProductRules => resolveProduct(value)),
  ),
  supportEmail: v.pipe(v.string(), v.email()),
  /**
   * The payment frame only loads a redirectUrl whose origin is listed here (docs/architecture.md#security).
   * `"self"` stands for the portal's own origin (the sandbox's payment page lives there).
   */
  paymentFrameOrigins: v.array(v.union([v.literal('self'), origin])),
  /**
   * Who runs the portal, for the imprint (§ 5 DDG) and the contact page: the operator's name and
   * postal address (in Germany: no country line), who represents it, how to call it (the email is `supportEmail`), and its
   * register entry and VAT id where it has them.
   */
  operator: v.object({
    name: nonEmptyText,
    street: nonEmptyText,
    postalCode: nonEmptyText,
    city: nonEmptyText,
    representedBy: nonEmptyText,
    phone: nonEmptyText,
    register: v.optional(nonEmptyText),
    vatId: v.optional(nonEmptyText),
  }),
  siteContent: v.object({
    headerLogo: image,
    footerLogos: v.array(v.object({ ...image.entries, url: v.optional(urlOrPath) })),
    hyperlinks: v.array(hyperlink),
  }),
});

export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;
export type LocalizedText = v.InferOutput<typeof localizedText>;
export type { ProductRules };

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; problems: string[] };

/** Validates a parsed JSON value; problems are "path: message" lines for the error page. */
export function parseRuntimeConfig(input: unknown): ConfigResult {
  const result = v.safeParse(runtimeConfigSchema, input);
  if (result.success) return { ok: true, config: result.output };
  return {
    ok: false,
    problems: result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`),
  };
}

/** Fetches and validates the configuration. Never throws: every failure is a problem list. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, url = '/config.json'): Promise<ConfigResult> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch (error) {
    return { ok: false, problems: [`${url}: could not be loaded (${String(error)})`] };
  }
  if (!response.ok) return { ok: false, problems: [`${url}: HTTP ${response.status}`] };
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { ok: false, problems: [`${url}: is not valid JSON`] };
  }
  return parseRuntimeConfig(json);
}

/** Whether the payment frame may load this URL (docs/architecture.md#security: an allow-list of origins). */
export function isAllowedFrameUrl(url: string, allowed: RuntimeConfig['paymentFrameOrigins'], portalOrigin: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  return allowed.some((entry) => (entry === 'self' ? portalOrigin : entry) === target.origin);
}

/** Picks the text of a localized value for a locale. */
export function localize(text: LocalizedText, locale: 'de-DE' | 'en-US'): string {
  return typeof text === 'string' ? text : text[locale];
}
