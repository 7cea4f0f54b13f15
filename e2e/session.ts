import { expect, type Page } from '@playwright/test';
import type { TestCustomer } from '#sandbox/seed/test-customers';

export const demoPassword = 'Demo-Portal-2026!';

/** On the sandbox's sign-in page (either language): fill in and submit. */
export async function signInOnSandboxPage(page: Page, email: string, password = demoPassword): Promise<void> {
  await expect(page).toHaveURL(/\/api\/v2\/auth\/authorization\/authorize|\/sandbox\/sign-in/);
  await page.getByLabel(/E-Mail-Adresse|Email address/).fill(email);
  await page.getByLabel(/^(Passwort|Password)/).fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
}

/** Signs in through the portal's guard and the sandbox page; ends on the dashboard. */
export async function signIn(page: Page, email = 'deuti@example.com'): Promise<void> {
  await page.goto('/app/dashboard');
  await signInOnSandboxPage(page, email);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * A fresh customer of its own (POST /__sandbox/customers, sandbox/seed/test-customers.ts) with an
 * active, a withdrawable and a pending order, signed in; for tests that change a subscription, so
 * they run in parallel without sharing the demo accounts' data.
 */
export async function signInAsNewCustomer(page: Page): Promise<TestCustomer> {
  const customer = await newCustomer(page);
  await signIn(page, customer.email);
  return customer;
}

/** A fresh customer as above, not signed in; `verified: false` for one who has not confirmed the address yet. */
export async function newCustomer(page: Page, options: { verified?: boolean } = {}): Promise<TestCustomer> {
  const response = await page.request.post('/__sandbox/customers', options.verified === false ? { data: { verified: false } } : undefined);
  expect(response.status()).toBe(201);
  return (await response.json()) as TestCustomer;
}
