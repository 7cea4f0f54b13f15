import type { Page } from '@playwright/test';

import type { Undo } from './run';

/**
 * Actor results the sandbox does not give a customer on its own, made in the page's network: the
 * next calls of one method and path answer with the failure the machine's model names (an
 * `ApiFailure`'s status and problem body, or no connection for a `TypeError`), until undone. Per
 * page, so tours that fail a call run beside tours that need it to work. The path is a glob on the
 * URL (`**` + the API path).
 */
export async function failCalls(page: Page, method: string, path: string, error: unknown): Promise<Undo> {
  const url = `**${path}`;
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    if (error instanceof TypeError) return route.abort('internetdisconnected');
    const { status, problem } = error as { status: number; problem?: object };
    return route.fulfill({ status, contentType: 'application/problem+json', body: JSON.stringify(problem ?? { status }) });
  });
  return () => page.unroute(url);
}

/**
 * An answer the sandbox does not give this customer although the API may (a 200 whose content the
 * model names, such as "not deleted"), made in the page's network like `failCalls`: the next calls
 * of one method and path answer `status` with `body` as JSON, until undone.
 */
export async function answerCalls(page: Page, method: string, path: string, body: unknown, status = 200): Promise<Undo> {
  const url = `**${path}`;
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return () => page.unroute(url);
}
