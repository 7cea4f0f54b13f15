import { randomUUID } from 'node:crypto';

import { expect, type Page, test } from '@playwright/test';

import type { TestCustomer } from '#sandbox/seed/test-customers';
import { formFields, pkce } from '../tests/support/authorization-code';

export const demoPassword = 'Demo-Portal-2026!';

/** On the sandbox's sign-in page (either language): fill in and submit. */
export async function signInOnSandboxPage(page: Page, email: string, password = demoPassword): Promise<void> {
  await expect(page).toHaveURL(/\/api\/v2\/auth\/authorization\/authorize|\/sandbox\/sign-in/);
  await page.getByLabel(/E-Mail-Adresse|Email address/).fill(email);
  await page.getByLabel(/^(Passwort|Password)/).fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
}

/**
 * Signs in (over HTTP, `signInOverHttp`: the sign-in page itself is the subject of
 * e2e/sign-in.spec.ts and the session's browser paths) and opens the dashboard.
 */
export async function signIn(page: Page, email = 'deuti@example.com'): Promise<void> {
  await signInOverHttp(page, email);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * A fresh customer of its own (POST /__sandbox/customers, sandbox/seed/test-customers.ts) with an
 * active, a withdrawable and a pending order, signed in; for tests that change a subscription, so
 * they run in parallel without sharing the demo accounts' data.
 */
export async function signInAsNewCustomer(page: Page): Promise<TestCustomer> {
  const customer = await newCustomer(page);
  await signInOverHttp(page, customer.email);
  return customer;
}

/**
 * Signs in with the real authorization-code flow and PKCE, driven over HTTP in the page's own
 * cookie jar (`page.request`): authorize, the sandbox's sign-in form, the token exchange, which sets
 * the session's cookies for the page. For tests whose subject is not the sign-in (e2e/sign-in.spec.ts
 * drives the page): it saves two loads of the app. The page is left on a file of the portal's origin
 * (no app), so a test can set localStorage (`rememberLocale`) before its first page.
 */
export async function signInOverHttp(page: Page, email: string, password = demoPassword): Promise<void> {
  const origin = test.info().project.use.baseURL!;
  const redirectUri = new URL('/app/oauth/callback', origin).toString();
  const { verifier, challenge } = pkce();
  const state = `state-${randomUUID()}`;
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'portal-web',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const form = await page.request.get(`/api/v2/auth/authorization/authorize?${query.toString()}`, { headers: { Accept: 'text/html' } });
  expect(form.status()).toBe(200);
  const posted = await page.request.post('/sandbox/sign-in', {
    form: { ...formFields(await form.text()), email, password },
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(302);
  const callback = new URL(posted.headers()['location']!);
  expect(callback.searchParams.get('state')).toBe(state);
  const csrf = (await page.context().cookies(origin)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const token = await page.request.post('/api/v2/auth/authorization/token', {
    form: {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: 'portal-web',
    },
    headers: csrf ? { 'X-XSRF-TOKEN': csrf } : {},
  });
  expect(token.status(), await token.text()).toBe(200);
  await page.goto('/logo.svg');
}

/** A fresh customer as above, not signed in; `verified: false` for one who has not confirmed the address yet. */
export async function newCustomer(page: Page, options: { verified?: boolean; lockedInstruments?: boolean; product?: 'joti' } = {}): Promise<TestCustomer> {
  const response = await page.request.post('/__sandbox/customers', Object.keys(options).length > 0 ? { data: options } : undefined);
  expect(response.status()).toBe(201);
  return (await response.json()) as TestCustomer;
}
