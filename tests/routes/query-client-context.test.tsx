import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { createApiClient } from '#src/api/client';
import { createQueries } from '#src/api/queries';
import { createQueryClient } from '#src/api/query-client';
import { lazyQueryClient } from '#src/api/query-client-handle';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { activateLocale } from '#src/i18n/i18n';
import type { SessionActor } from '#src/flows/session/session-actor';
import type { SessionHandle } from '#src/flows/session/session-handle';
import { createPortalRouter } from '#src/router';
import { createTestSandbox } from '../sandbox/harness';
import { renderUi } from '../ui/render-ui';

/**
 * The start page without React Query, every other page with it (issue 14, decision 23): the real
 * route tree and root route over the in-process sandbox. The root's beforeLoad loads the query
 * client for every path but `/`, on a direct load and on a client-side navigation from `/`, and
 * the page renders inside its provider; the start page shows its price without either.
 */
const shipped = parseRuntimeConfig(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../public/config.json'), 'utf8')));
if (!shipped.ok) throw new Error(shipped.problems.join('; '));
const config = shipped.config;

/** A session that loads but never shows buttons in the header: these tests are not about it. */
const quietSession: SessionHandle = {
  load: () => Promise.resolve({} as SessionActor),
  settled: () => new Promise(() => {}),
  current: () => undefined,
  get: () => ({}) as SessionActor,
  subscribe: () => () => undefined,
  knownSignedOut: () => false,
};

async function renderPortal(initialPath: string, { locale = 'en-US', fault }: { locale?: 'en-US' | 'de-DE'; fault?: { path: string; status: number } } = {}) {
  // The app's Lingui instance, as main.tsx starts it: the root route loads the rest of its catalog.
  await activateLocale(locale);
  const { sandbox, client } = await createTestSandbox();
  await client.visit();
  if (fault) await client.post('/__sandbox/faults', { json: { method: 'GET', ...fault, times: 1 } });
  const calls: string[] = [];
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  // The API answers when the test says so: what the page shows before is checked too.
  const api = createApiClient({
    baseUrl: sandbox.config.portalOrigin,
    onMaintenance: () => undefined,
    readCookies: () => client.cookieHeader(),
    fetch: async (request) => {
      calls.push(new URL(request.url).pathname);
      await answered;
      return client.fetch(request);
    },
  });
  const created: QueryClient[] = [];
  const provided: QueryClient[] = [];
  const reactQuery = lazyQueryClient(() => {
    const queryClient = createQueryClient();
    created.push(queryClient);
    const Provider = ((props) => {
      provided.push(props.client);
      return <QueryClientProvider {...props} />;
    }) as typeof QueryClientProvider;
    return Promise.resolve({ client: queryClient, Provider });
  });
  const router = createPortalRouter(
    { reactQuery, api, queries: createQueries(api), config, session: quietSession },
    createMemoryHistory({ initialEntries: [initialPath] }),
  );
  await act(() => router.load());
  renderUi(<RouterProvider router={router} />, { locale });
  const rootContext = () => router.state.matches[0]!.context as { queryClient?: QueryClient };
  return { router, answer, calls, created, provided, rootContext };
}

describe('React Query loads with the first page that needs it, not with the start page', () => {
  it.each([
    ['en-US', 'Loading the current price…', '€63.00 a month, cancellable monthly'],
    // toHaveTextContent reads the no-break space after the amount as a space.
    ['de-DE', 'Der aktuelle Preis wird geladen …', '63,00 € im Monat, monatlich kündbar'],
  ] as const)('the start page shows its price without it (%s)', async (locale, loading, shown) => {
    const { answer, created, provided, rootContext } = await renderPortal('/', { locale });
    expect(await screen.findByText(loading)).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByTestId('start-price')).toHaveTextContent(shown);
    expect(created).toEqual([]);
    expect(provided).toEqual([]);
    expect(rootContext().queryClient).toBeUndefined();
  });

  it.each([
    ['en-US', 'The current price cannot be shown right now.'],
    ['de-DE', 'Der aktuelle Preis kann gerade nicht angezeigt werden.'],
  ] as const)('the start page says when the price cannot be shown (%s)', async (locale, text) => {
    const { answer } = await renderPortal('/', { locale, fault: { path: '/api/v1/order/startdates', status: 500 } });
    answer();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByTestId('start-price')).not.toBeInTheDocument();
  });

  it('a client-side navigation from / loads it, puts the client into the context and the page into its provider; back at / the price is still there', async () => {
    const { router, answer, calls, created, provided, rootContext } = await renderPortal('/');
    answer();
    await screen.findByTestId('start-price');
    await act(() => router.navigate({ to: '/maintenance' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'We are doing maintenance' })).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(rootContext().queryClient).toBe(created[0]);
    expect(provided.at(-1)).toBe(created[0]);
    await act(() => router.navigate({ to: '/' }));
    expect(await screen.findByTestId('start-price')).toHaveTextContent('€63.00 a month, cancellable monthly');
    expect(rootContext().queryClient).toBeUndefined();
    // Fresh for 5 minutes: not fetched again.
    expect(calls.filter((call) => call === '/api/v1/order/startdates')).toHaveLength(1);
    await act(() => router.navigate({ to: '/legal/agb' }));
    expect(rootContext().queryClient).toBe(created[0]);
    expect(created).toHaveLength(1);
  });

  it('a direct load of another page has it before the page renders', async () => {
    const { created, provided, rootContext } = await renderPortal('/maintenance');
    expect(await screen.findByRole('heading', { level: 1, name: 'We are doing maintenance' })).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(rootContext().queryClient).toBe(created[0]);
    expect(provided).toContain(created[0]);
  });
});
