import { QueryClient } from '@tanstack/react-query';

import { type ApiClient, createApiClient } from '#src/api/client';
import { createQueries, type Queries } from '#src/api/queries';
import type { Sandbox } from '#sandbox/app';
import { createTestSandbox, type TestClient } from '../sandbox/harness';

/**
 * The portal's own typed API client over an in-process sandbox, for component and flow tests: the
 * real handlers, the seeded world and the contract check, with no port and no hand-made fake fetch
 * (issue 9: cheaper tests that still catch a wrong call). Every answer is checked against
 * openapi/portal.yaml.
 *
 *     const { api, queries, queryClient, sandbox, client } = await sandboxApi({ signedInAs: 'deuti@example.com' });
 *
 * `client` is the cookie jar behind it (inject a fault with
 * `client.post('/__sandbox/faults', { json: { method, path, status } })`); `maintenance` counts 503s;
 * `calls` lists the portal's calls.
 */
export interface SandboxApi {
  api: ApiClient;
  queries: Queries;
  queryClient: QueryClient;
  sandbox: Sandbox;
  client: TestClient;
  maintenance: { calls: number };
  /** Every call the portal made, as `METHOD /path?query`. */
  calls: string[];
  /** Lets the held calls (`hold`) through. */
  release: () => void;
}

/** `hold`: a path whose calls wait until `release()` (an answer that has not come yet). */
export async function sandboxApi(options: { signedInAs?: string; hold?: string } = {}): Promise<SandboxApi> {
  const { sandbox, client } = await createTestSandbox();
  await client.visit();
  if (options.signedInAs) await client.signInAs(options.signedInAs);
  const maintenance = { calls: 0 };
  const calls: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const api = createApiClient({
    baseUrl: sandbox.config.portalOrigin,
    onMaintenance: () => {
      maintenance.calls += 1;
    },
    readCookies: () => client.cookieHeader(),
    fetch: async (request) => {
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}${url.search}`);
      if (url.pathname === options.hold) await gate;
      return client.fetch(request);
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return { api, queries: createQueries(api), queryClient, sandbox, client, maintenance, calls, release };
}
