import { expect, test } from '@playwright/test';

import { chunkPath, expectNoAxeViolations, rememberLocale, signIn, signInOnSandboxPage, signInOverHttp } from './support';

test('an anonymous visit to /app goes through the sandbox sign-in and returns to the page asked for', async ({ page }) => {
  const authorize = page.waitForRequest((request) => request.url().includes('/api/v2/auth/authorization/authorize'));
  await page.goto('/app/dashboard/tickets');
  const url = new URL((await authorize).url());
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('scope')).toBe('openid profile email offline_access');
  expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(url.searchParams.get('state')).toBeTruthy();
  await signInOnSandboxPage(page, 'deuti@example.com');
  await expect(page).toHaveURL(/\/app\/dashboard\/tickets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Tickets');
});

test('a visitor’s start page offers Log in without the session machine’s code, which comes with the press (issue 14)', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const sessionCode = chunkPath('src/flows/session/session-actor.ts');
  const restOfCatalog = chunkPath('locales/de-DE/messages.po?part=rest');
  await page.goto('/');
  await expect(page.getByTestId('start-price')).toBeVisible();
  // Once painted the page fetches the rest of the catalog; it used to fetch the session machine with it.
  await expect.poll(() => requested.includes(restOfCatalog)).toBe(true);
  expect(requested).not.toContain(sessionCode);
  const login = page.getByRole('banner').getByRole('link', { name: 'Anmelden' });
  await login.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Anmelden/);
  expect(requested).toContain(sessionCode);
  // The way back from the sign-in page lands on the dashboard, as from any Log in.
  await signInOnSandboxPage(page, 'deuti@example.com');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('no token is readable by page scripts, and the transaction is gone after the callback', async ({ page, context }) => {
  // Through the portal's own sign-in (its PKCE transaction), not signIn's shortcut over HTTP.
  await page.goto('/app/dashboard');
  await signInOnSandboxPage(page, 'deuti@example.com');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihre Übersicht');
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === 'portal_session');
  const refresh = cookies.find((cookie) => cookie.name === 'portal_refresh');
  expect(session?.httpOnly).toBe(true);
  expect(refresh?.httpOnly).toBe(true);
  const visible = await page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify({ ...window.localStorage }),
    session: JSON.stringify({ ...window.sessionStorage }),
  }));
  expect(visible.cookie).toContain('jwt_expires_at=');
  for (const secret of [session!.value, refresh!.value]) {
    expect(visible.cookie).not.toContain(secret);
    expect(visible.local).not.toContain(secret);
    expect(visible.session).not.toContain(secret);
  }
  expect(visible.cookie).not.toMatch(/portal_session|portal_refresh/);
  expect(visible.session).not.toContain('portal.oauth.transaction');
});

test('a tampered state is refused with a message', async ({ page }) => {
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Anmelden|Sign in/);
  // The sign-in page shares the portal's origin: forge this tab's remembered state.
  await page.evaluate(() => {
    const key = 'portal.oauth.transaction';
    const transaction = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as Record<string, string>;
    window.sessionStorage.setItem(key, JSON.stringify({ ...transaction, state: 'forged-state' }));
  });
  await signInOnSandboxPage(page, 'deuti@example.com');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitte melden Sie sich erneut an');
  await expect(page.getByRole('alert')).toContainText('Die Anmeldung konnte nicht abgeschlossen werden');
  await expectNoAxeViolations(page);
});

test('a foreign return path is refused with a message', async ({ page }) => {
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Anmelden|Sign in/);
  await page.evaluate(() => {
    const key = 'portal.oauth.transaction';
    const transaction = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as Record<string, string>;
    window.sessionStorage.setItem(key, JSON.stringify({ ...transaction, returnTo: '//evil.example/app/dashboard' }));
  });
  await signInOnSandboxPage(page, 'deuti@example.com');
  await expect(page).toHaveURL(/\/app\/oauth\/callback/);
  await expect(page.getByRole('alert')).toContainText('Die Anmeldung konnte nicht abgeschlossen werden');
});

test('in the refresh window, ten tabs calling the API at once cause exactly one token request', async ({ page, context }) => {
  await signIn(page);
  const expiresAt = Number((await context.cookies()).find((cookie) => cookie.name === 'jwt_expires_at')?.value);
  // Move the pages' clock to 200 s before expiry (inside the 300 s window).
  await context.clock.install({ time: (expiresAt - 200) * 1000 });
  const tokenRequests: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/api/v2/auth/authorization/token')) tokenRequests.push(request.url());
  });
  const pages = await Promise.all(Array.from({ length: 10 }, () => context.newPage()));
  await Promise.all(pages.map((tab) => tab.goto('/')));
  // Ten apps starting at once on two cores, all waiting for the one renewal: their prices came 1.5
  // to 6.6 s after the pages had loaded with one core kept busy beside the test, past the default
  // 5 s (a CI run failed on it). The wait is for the price, however long the machine takes.
  await Promise.all(pages.map((tab) => expect(tab.getByTestId('start-price')).toBeVisible({ timeout: 20_000 })));
  expect(tokenRequests).toHaveLength(1);
  const renewed = Number((await context.cookies()).find((cookie) => cookie.name === 'jwt_expires_at')?.value);
  expect(renewed).toBeGreaterThan(expiresAt);
});

for (const locale of ['de-DE', 'en-US'] as const) {
  // The sandbox's sign-in page and its axe check are the session's browser paths'.
  test(`the dashboard and My data are axe-clean and lead where they say in ${locale}`, async ({ page }) => {
    await signInOverHttp(page, 'deuti@example.com');
    await rememberLocale(page, locale);
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'de-DE' ? 'Ihre Übersicht' : 'Your overview');
    await expect(page.getByRole('link', { name: 'kundenservice@example.com' })).toHaveAttribute('href', 'mailto:kundenservice@example.com');
    // The entries promise only what works (issue 13, item 5), and grow with it: the tickets list's
    // actions (issue 10), the account's (issue 11) and the payment's (issue 12).
    const main = page.getByRole('main');
    const tickets = main.getByRole('listitem').filter({ has: page.getByRole('link', { name: locale === 'de-DE' ? 'Meine Tickets' : 'My tickets' }) });
    const account = main.getByRole('listitem').filter({ has: page.getByRole('link', { name: locale === 'de-DE' ? 'Meine Daten' : 'My data' }) });
    for (const promise of locale === 'de-DE'
      ? ['herunter', 'kündigen oder pausieren', 'Kündigung zurück', 'reisende Person', 'Rechnungsadresse', 'Zahlungsart', 'stornieren']
      : ['download', 'end or pause', 'withdraw a termination', 'traveler', 'billing address', 'payment method', 'cancel an order']) {
      await expect(tickets).toContainText(promise);
    }
    for (const promise of locale === 'de-DE'
      ? ['E-Mail-Adresse, Ihr Passwort oder Ihre Lastschriftdaten', 'Zahlungen', 'Konto löschen']
      : ['email address, password or direct debit information', 'see your payments', 'delete your account']) {
      await expect(account).toContainText(promise);
    }
    await expectNoAxeViolations(page);

    // My data: the customer's details and the ways on, each leading to its page.
    await account.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'de-DE' ? 'Meine Daten' : 'My data');
    await expect(page.getByTestId('account-email')).toHaveText('deuti@example.com');
    const ways = {
      '/app/dashboard/account/email': locale === 'de-DE' ? 'E-Mail-Adresse ändern' : 'Change email address',
      '/app/dashboard/account/password': locale === 'de-DE' ? 'Passwort ändern' : 'Change password',
      '/app/dashboard/tickets': locale === 'de-DE' ? 'Rechnungsadresse und Fahrgast' : 'Billing address and traveler',
      '/app/dashboard/account/payment-information': locale === 'de-DE' ? 'Lastschriftdaten' : 'Direct debit information',
      '/app/dashboard/payments': locale === 'de-DE' ? 'Meine Zahlungen' : 'My payments',
      '/app/dashboard/account/delete': locale === 'de-DE' ? 'Konto löschen' : 'Delete account',
    };
    for (const [href, name] of Object.entries(ways)) await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expectNoAxeViolations(page);
  });
}

test('a sign-in that cannot start (no WebCrypto, as on a page not served over https) says why and offers to try again, from the header and from an /app page', async ({
  page,
}) => {
  await page.addInitScript(() => {
    globalThis.crypto.subtle.digest = () => Promise.reject(new Error('WebCrypto is not available'));
  });
  // Pressed before the start page's scripts have run (a slow phone), the header's Log in is a link to
  // the portal, whose guard starts the sign-in; here it cannot, and its page for a failed sign-in says so.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    if (new URL(page.url()).pathname === '/') await released;
    await route.continue().catch(() => undefined);
  });
  await page.goto('/', { waitUntil: 'commit' });
  const logIn = page.getByRole('banner').getByRole('link', { name: 'Anmelden', exact: true });
  await expect(logIn).toHaveAttribute('href', '/app/dashboard');
  await logIn.click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitte melden Sie sich erneut an');
  const notice = page.getByRole('status').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(notice.getByRole('heading', { level: 3 })).toContainText('Die Anmeldung konnte nicht beginnen');
  await expect(notice).toContainText('Dieser Browser konnte keine sichere Anmeldung vorbereiten');
  await expect(page.getByRole('main').getByRole('button', { name: 'Erneut anmelden' })).toBeEnabled();
  await expectNoAxeViolations(page);
});
