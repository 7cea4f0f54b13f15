import { Hono } from 'hono';

import type { SandboxDeps } from '../sandbox-routes';

/** The authorization server's sign-in form posts here (built with the OAuth server). */
export function signInRoutes(_deps: SandboxDeps): Hono {
  return new Hono();
}
