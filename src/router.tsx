import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';

import type { ApiClient } from './api/client';
import type { Queries } from './api/queries';
import type { RuntimeConfig } from './config/runtime-config';
import type { SessionActor } from './flows/session/session-actor';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
  queries: Queries;
  config: RuntimeConfig;
  session: SessionActor;
}

export function createPortalRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createPortalRouter>;
  }
}
