import type { Middleware } from 'openapi-fetch';

/** Cookie and header of the cross-site-request-forgery defence (SPEC.md 7.6, docs/architecture.md#security). */
export const csrfCookieName = 'XSRF-TOKEN';
export const csrfHeaderName = 'X-XSRF-TOKEN';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Reads one cookie's value from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return decodeURIComponent(part.slice(separator + 1).trim());
  }
  return undefined;
}

/** Every call asks for JSON, unless the operation already asked for something else (a PDF). */
export const acceptJson: Middleware = {
  onRequest({ request }) {
    if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
    return request;
  },
};

/** State-changing calls carry the CSRF cookie's value in the CSRF header. */
export function csrfHeader(readCookies: () => string): Middleware {
  return {
    onRequest({ request }) {
      if (safeMethods.has(request.method.toUpperCase())) return request;
      const token = readCookie(readCookies(), csrfCookieName);
      if (token) request.headers.set(csrfHeaderName, token);
      return request;
    },
  };
}

/** Any 503 from the API sends the customer to the maintenance page (SPEC.md 4.8). */
export function maintenanceRedirect(onMaintenance: () => void): Middleware {
  return {
    onResponse({ response }) {
      if (response.status === 503) onMaintenance();
      return response;
    },
  };
}

/** Calls that belong to the sign-in itself never wait for a refresh. */
const authPaths = ['/api/v2/auth/authorization/'];

/**
 * Before a call, make sure the session is fresh (SPEC.md 4.7: refresh within 300 s of expiry);
 * after it, report a 401 (the session is gone). Both are supplied by the session flow.
 */
export function sessionGuard(hooks: { ensureFresh: () => Promise<void>; onUnauthorized: () => void }): Middleware {
  return {
    async onRequest({ request }) {
      const { pathname } = new URL(request.url);
      if (!authPaths.some((path) => pathname.startsWith(path))) await hooks.ensureFresh();
      return request;
    },
    onResponse({ request, response }) {
      const { pathname } = new URL(request.url);
      if (response.status === 401 && !authPaths.some((path) => pathname.startsWith(path))) hooks.onUnauthorized();
      return response;
    },
  };
}
