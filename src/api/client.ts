import createClient from 'openapi-fetch';

import type { paths } from '#openapi/schema.gen';
import { acceptJson, csrfHeader, maintenanceRedirect, sessionGuard } from './middleware';
import { retryingReads } from './retry';

export interface ApiClientOptions {
  baseUrl: string;
  /** Called on a 503 that is the last answer (a read's after its retries); the app navigates to /maintenance. */
  onMaintenance: () => void;
  /** Where the CSRF cookie is read from; `document.cookie` in the browser. */
  readCookies?: () => string;
  fetch?: (input: Request) => Promise<Response>;
  /** The session flow's hooks: refresh before a call when due, hear of a 401. */
  session?: { ensureFresh: () => Promise<void>; onUnauthorized: () => void };
}

/**
 * The one typed client of the API (SPEC.md 7.6): JSON, cookies sent along (the session lives in
 * HttpOnly cookies), the CSRF header on state-changing calls, no timeout, a read answered 503 tried
 * again at most twice (src/api/retry.ts), then 503 to maintenance.
 */
export function createApiClient(options: ApiClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    credentials: 'include',
    fetch: retryingReads(options.fetch ?? ((request, init) => globalThis.fetch(request, init))),
  });
  client.use(acceptJson, csrfHeader(options.readCookies ?? (() => document.cookie)), maintenanceRedirect(options.onMaintenance));
  // The session guard is added after the client exists (the session flow itself calls the API).
  const withSession = (session: NonNullable<ApiClientOptions['session']>) => client.use(sessionGuard(session));
  if (options.session) withSession(options.session);
  return Object.assign(client, { withSession });
}

export type ApiClient = ReturnType<typeof createApiClient>;
