import { randomBytes } from 'node:crypto';

import { sha256Base64Url } from '#sandbox/security';

/**
 * The client's half of the authorization-code flow with PKCE, as plain functions: the sandbox's
 * contract tests (tests/sandbox/scenarios/auth.ts) and the browser tests' sign-in over HTTP
 * (e2e/session.ts) drive the real authorization server with them.
 */

const unreserved = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** A PKCE verifier of the unreserved set (the portal uses 96 characters) and its S256 challenge. */
export function pkce(length = 96): { verifier: string; challenge: string } {
  const verifier = [...randomBytes(length)].map((byte) => unreserved[byte % unreserved.length]).join('');
  return { verifier, challenge: sha256Base64Url(verifier) };
}

function unescapeHtml(value: string): string {
  return value.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** The named inputs of the sign-in form with their values, as a browser would submit them. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input\b([^>]*)>/g)) {
    const attributes = match[1] ?? '';
    const name = /\bname="([^"]*)"/.exec(attributes)?.[1];
    if (!name) continue;
    fields[unescapeHtml(name)] = unescapeHtml(/\bvalue="([^"]*)"/.exec(attributes)?.[1] ?? '');
  }
  return fields;
}
