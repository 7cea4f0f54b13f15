/** Where sign-in returns to by default. */
export const defaultReturnPath = '/app/dashboard';
export const callbackPath = '/app/oauth/callback';

/**
 * The callback accepts only a same-origin return path under /app (docs/architecture.md#security): no other
 * origin, no protocol-relative `//host`, no backslash tricks, not the callback itself.
 */
export function safeReturnPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  if (url.pathname !== '/app' && !url.pathname.startsWith('/app/')) return undefined;
  if (url.pathname.startsWith(callbackPath)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
