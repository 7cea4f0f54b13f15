import { Hono } from 'hono';

import type { SandboxDeps } from '../sandbox-routes';

/** The payment provider's hosted page (built with the payment operations). */
export function paymentPageRoutes(_deps: SandboxDeps): Hono {
  return new Hono();
}
