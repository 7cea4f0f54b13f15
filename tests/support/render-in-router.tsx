import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';

import type { RouterContext } from '#src/router-context';
import { renderUi } from '../ui/render-ui';
import type { SandboxApi } from './sandbox-api';

export interface RenderInRouterOptions {
  /** The URL the memory history starts at (what `useSearch`/`useParams`-free screens ignore). */
  path?: string;
  locale?: 'en-US' | 'de-DE';
  /** More of the router context than the sandbox's api, queries and query client (e.g. `config`, `session`). */
  context?: Partial<RouterContext>;
}

/**
 * Renders a screen as a route renders it: inside a router whose context carries the in-process
 * sandbox's typed client, queries and query client (tests/support/sandbox-api.ts), with Lingui's
 * real catalog. For the component tests of screens that read `useRouteContext` or navigate.
 */
export async function renderInRouter(
  sandbox: Pick<SandboxApi, 'api' | 'queries' | 'queryClient'>,
  screen: () => ReactElement,
  { path = '/', locale = 'en-US', context = {} }: RenderInRouterOptions = {},
) {
  const root = createRootRouteWithContext<RouterContext>()({ component: screen });
  const routerContext = { api: sandbox.api, queries: sandbox.queries, queryClient: sandbox.queryClient, ...context } as unknown as RouterContext;
  const router = createRouter({ routeTree: root, context: routerContext, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(() => router.load());
  renderUi(
    <QueryClientProvider client={sandbox.queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { locale },
  );
  return router;
}
