import { createHash } from 'node:crypto';

/** Escapes text for HTML. Every value put into a sandbox page goes through this. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The one stylesheet of the sandbox's pages, inline; the policy allows exactly it, by its hash. */
const pageStyle = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f3f3f5; line-height: 1.5; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px; border: 1px solid #d0d0d4; }
  main.wide { max-width: 60rem; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input, select { font: inherit; width: 100%; min-height: 44px; padding: 0.5rem; border: 1px solid #767676; border-radius: 4px; box-sizing: border-box; }
  input[type=radio], input[type=checkbox] { width: auto; min-height: auto; }
  button { font: inherit; font-weight: 600; min-height: 44px; padding: 0.5rem 1.25rem; margin-top: 1.25rem; border-radius: 4px; border: 0; background: #a3000b; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1f3a5f; border: 2px solid #1f3a5f; }
  :focus-visible { outline: 3px solid #0b5394; outline-offset: 2px; }
  .error { color: #b00020; font-weight: 600; }
  .note { color: #4d4d4d; font-size: 0.875rem; }
  a { color: #0b5394; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #d0d0d4; vertical-align: top; }
`;

const pageStyleSource = `'sha256-${createHash('sha256').update(pageStyle, 'utf8').digest('base64')}'`;

export interface PageHeaderOptions {
  /** Where the page's forms may post (and redirect to): `'self'` and origins. */
  formAction?: string[];
  /** The origins that may frame the page; none: never framed (also `X-Frame-Options: DENY`). */
  frameAncestors?: string[];
  /** The page sets `style` attributes (only the payment page): allowed by `style-src-attr`. */
  styleAttributes?: boolean;
  referrerPolicy?: 'no-referrer' | 'same-origin';
  /**
   * The hashes (`'sha256-…'`) of the inline scripts the page runs: only the payment provider's
   * leaving page, whose one script sends the portal's window on (decision 9). None: no script.
   */
  scriptSources?: string[];
}

/** The CSP source of an inline script, by its sha256 hash. */
export function scriptSourceOf(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The headers of every sandbox page (sign-in, payment provider, outbox; decision 21): no script
 * (but the hashed ones a page names: only the payment provider's leaving page), the page's own stylesheet by its hash, forms and framing only where the page says, never
 * cached, no sniffing, the browser features the portal switches off switched off here too.
 */
export function sandboxPageHeaders(options: PageHeaderOptions = {}): Record<string, string> {
  const ancestors = options.frameAncestors ?? [];
  const policy = [
    "default-src 'none'",
    ...(options.scriptSources && options.scriptSources.length > 0 ? [`script-src ${options.scriptSources.join(' ')}`] : []),
    `style-src ${pageStyleSource}`,
    // The payment page's layout uses style attributes; they cannot carry script, and no script runs.
    ...(options.styleAttributes ? ["style-src-attr 'unsafe-inline'"] : []),
    `form-action ${(options.formAction ?? ["'self'"]).join(' ')}`,
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    ...(ancestors.length > 0 ? {} : { 'X-Frame-Options': 'DENY' }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': options.referrerPolicy ?? 'no-referrer',
    'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

/**
 * The frame of the sandbox's own pages (sign-in, payment provider, outbox): plain, accessible HTML
 * with its one inline stylesheet (no script), in the page's language. Send it with {@link sandboxPageHeaders}.
 */
export function page(options: { lang: 'de-DE' | 'en-US'; title: string; body: string }): string {
  return `<!doctype html>
<html lang="${options.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>${pageStyle}</style>
</head>
<body>
${options.body}
</body>
</html>`;
}
