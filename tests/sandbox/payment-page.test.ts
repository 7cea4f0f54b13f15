// @vitest-environment node
import { createHash } from 'node:crypto';

import type { components } from '#openapi/schema.gen';
import { all, one, run } from '#sandbox/db/database';
import { maskCardNumber, maskIban, returnUrl } from '#sandbox/handlers/payment';
import { cardIssuer, checkCardValidity, isValidCardNumber, leavingScript } from '#sandbox/pages/payment-page';
import { makeCsrfToken } from '#sandbox/security';
import { createTestSandbox, type TestClient } from './harness';
import { axeViolations } from './html-axe';
import {
  blacklistedIban,
  cardForm,
  ensurePaymentWorld,
  ensureTester,
  insertOrder,
  leavingOf,
  openHostedPage,
  sepaForm,
  type TestOrder,
  upsertPayload,
} from './scenarios/payment';

type Schemas = components['schemas'];

const { sandbox, newClient } = await createTestSandbox();
await ensurePaymentWorld(sandbox);
const userId = await ensureTester(sandbox);

/** The structure checks a screen reader user relies on, in jsdom. */
async function structureOf(html: string) {
  const { JSDOM } = (await import('jsdom' as string)) as { JSDOM: new (html: string) => { window: { document: Document } } };
  const { document } = new JSDOM(html).window;
  const inputs = [...document.querySelectorAll('input:not([type=hidden])')];
  return {
    lang: document.documentElement.lang,
    h1: [...document.querySelectorAll('h1')].map((h) => h.textContent?.trim()),
    unlabelled: inputs.filter((input) => !document.querySelector(`label[for="${input.id}"]`)).map((input) => input.outerHTML),
    forms: [...document.querySelectorAll('form')].map((form) => ({ method: form.getAttribute('method'), target: form.getAttribute('target') })),
    switchLink: document.querySelector('nav a')?.getAttribute('href'),
    invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((input) => ({
      id: input.id,
      message: (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id))
        .filter((element) => element?.classList.contains('error'))
        .map((element) => element?.textContent?.trim()),
    })),
    alert: document.querySelector('[role="alert"]')?.textContent?.replace(/\s+/g, ' ').trim(),
  };
}

async function signedIn(): Promise<TestClient> {
  const client = newClient();
  await client.signInAs('payment-tester@example.com');
  return client;
}

async function openSession(client: TestClient, order: TestOrder, options: Parameters<typeof upsertPayload>[1] = {}, lang?: string) {
  const upsert = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', { json: upsertPayload(order, options) });
  expect(upsert.status).toBe(200);
  const redirectUrl = (upsert.body as Schemas['PaymentUpsertResponse']).redirectUrl;
  return { ...(await openHostedPage(client, redirectUrl, lang)), id: new URL(redirectUrl).pathname.split('/').at(-1) ?? '' };
}

async function sessionStatus(id: string): Promise<string | undefined> {
  return (await one<{ status: string }>(sandbox.db, 'SELECT status FROM payment_sessions WHERE id = ?', [id]))?.status;
}

describe('the hosted payment page', () => {
  it('renders in German by default and in English, with a visible switch, amount and order number, one h1 and labelled fields, axe-clean', async () => {
    const client = await signedIn();
    const order = await insertOrder(sandbox, { userId, price: 49 });
    const german = await openSession(client, order);
    expect(german.status).toBe(200);
    expect(german.headers.get('Content-Type')).toContain('text/html');
    const de = await structureOf(german.html);
    expect(de).toMatchObject({ lang: 'de-DE', h1: ['Zahlung'], unlabelled: [], switchLink: `/sandbox/pay/${german.id}?lang=en-US` });
    // The forms post in the frame: a refused entry comes back inside the portal (decision 9).
    expect(de.forms).toEqual([
      { method: 'post', target: null },
      { method: 'post', target: null },
      { method: 'post', target: null },
    ]);
    expect(german.html).toContain(order.number);
    expect(german.html).toContain('49,00\u00a0€');
    expect(german.html).toContain('SEPA-Lastschrift');
    expect(german.html).toContain('Ablehnung simulieren');
    expect(await axeViolations(german.html)).toEqual([]);

    const english = await openHostedPage(client, `${sandbox.config.portalOrigin}/sandbox/pay/${german.id}`, 'en-US');
    const en = await structureOf(english.html);
    expect(en).toMatchObject({ lang: 'en-US', h1: ['Payment'], unlabelled: [], switchLink: `/sandbox/pay/${german.id}?lang=de-DE` });
    expect(english.html).toContain('€49.00');
    expect(english.html).toContain('SEPA direct debit');
    expect(english.html).toContain('Simulate failure');
    expect(english.html).toContain('Simulate provider error');
    expect(await axeViolations(english.html)).toEqual([]);
    // `lang=en` is enough; anything else is German.
    expect((await structureOf((await openHostedPage(client, `${sandbox.config.portalOrigin}/sandbox/pay/${german.id}`, 'en')).html)).lang).toBe('en-US');
    expect((await structureOf((await openHostedPage(client, `${sandbox.config.portalOrigin}/sandbox/pay/${german.id}`, 'fr')).html)).lang).toBe('de-DE');
  });

  it.each([
    ['en-US', 'Payment', 'en-US'],
    ['de-DE', 'Zahlung', 'de-DE'],
    [undefined, 'Zahlung', 'de-DE'],
  ] as const)('opens in the language the upsert names (locale %s): the redirectUrl carries it', async (locale, h1, lang) => {
    const client = await signedIn();
    const order = await insertOrder(sandbox, { userId });
    const upsert = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', {
      json: { ...upsertPayload(order), ...(locale ? { locale } : {}) },
    });
    expect(upsert.status).toBe(200);
    const redirectUrl = new URL((upsert.body as Schemas['PaymentUpsertResponse']).redirectUrl);
    expect(redirectUrl.searchParams.get('lang')).toBe(locale ?? null);
    const page = await client.get(redirectUrl.pathname + redirectUrl.search, { unchecked: true, headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await structureOf(page.text)).toMatchObject({ lang, h1: [h1] });
  });

  it('refuses a locale the portal does not speak', async () => {
    const client = await signedIn();
    const upsert = await client.post('/api/v2/payment/paymentprovider/user-payment-instruments', {
      json: { ...upsertPayload(await insertOrder(sandbox, { userId })), locale: 'fr-FR' },
    });
    expect(upsert.status).toBe(400);
  });

  it('may be framed by the portal only: frame-ancestors the portal origin, no X-Frame-Options DENY, no caching', async () => {
    const client = await signedIn();
    const page = await openSession(client, await insertOrder(sandbox, { userId }));
    const csp = page.headers.get('Content-Security-Policy') ?? '';
    // The portal's origin and nothing else (decision 21; tests/sandbox/security-headers.test.ts has the rest).
    expect(csp).toContain(`frame-ancestors ${sandbox.config.portalOrigin};`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(page.headers.get('X-Frame-Options')).toBeNull();
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.html).not.toContain('<script');
  });

  it('shows the edit title and no amount for an edit, and only the card form when the traveler is someone else', async () => {
    const client = await signedIn();
    const order = await insertOrder(sandbox, { userId, status: 'fulfilled' });
    const edit = await openSession(client, order, { edit: true });
    expect((await structureOf(edit.html)).h1).toEqual(['Zahlungsart ändern']);
    expect(edit.html).not.toContain('data-testid="amount"');
    expect(edit.html).toContain(order.number);

    const other = await openSession(
      client,
      order,
      { traveler: { travelerFirstName: 'Tim', travelerLastName: 'Probe', travelerBirthdate: '2014-02-02' } },
      'en-US',
    );
    expect(other.html).not.toContain('value="BANKACCOUNT"');
    expect(other.html).toContain('An order for a different traveler can only be paid by credit card.');
    expect(await axeViolations(other.html)).toEqual([]);
    const refused = await client.post(`${other.path}?lang=en-US`, { form: { token: other.token, ...sepaForm }, unchecked: true });
    expect(refused.status).toBe(400);
    expect((await structureOf(refused.text)).alert).toContain('can only be paid by credit card');
    expect(await sessionStatus(other.id)).toBe('open');
  });

  it('refuses a forged post: no token, a made-up token, a token of another payment session, a cross-site post', async () => {
    const client = await signedIn();
    const order = await insertOrder(sandbox, { userId });
    const page = await openSession(client, order);
    const other = await openSession(client, order);
    const forgeries: [string, Record<string, string>, Record<string, string>?][] = [
      ['no token', { ...cardForm }],
      ['made-up token', { token: 'abc.def', ...cardForm }],
      ['token of another session', { token: other.token, ...cardForm }],
      ['token signed with another secret', { token: makeCsrfToken('another-secret', `payment-page:${page.id}`), ...cardForm }],
      ['tampered token', { token: `${page.token.slice(0, -2)}xx`, ...cardForm }],
      ['cross-site', { token: page.token, ...cardForm }, { 'Sec-Fetch-Site': 'cross-site' }],
    ];
    for (const [name, form, headers] of forgeries) {
      const answer = await client.post(page.path, { form, unchecked: true, ...(headers ? { headers } : {}) });
      expect(answer.status, name).toBe(403);
      expect(answer.text, name).toContain('Anfrage abgelehnt');
      expect(answer.headers.get('Location'), name).toBeNull();
    }
    expect(await sessionStatus(page.id)).toBe('open');
    expect(
      await all(sandbox.db, "SELECT id FROM payment_instruments WHERE user_id = ? AND number = '**** **** **** 4242' AND order_id IS NULL", [userId]),
    ).toHaveLength(0);
    // The real token still works.
    expect(leavingOf(await client.post(page.path, { form: { token: page.token, ...cardForm }, unchecked: true })).outcome).toBe('paid');
  });

  it('refuses a blacklisted IBAN with a message (in both languages), keeps the entries, and stays open', async () => {
    const client = await signedIn();
    const order = await insertOrder(sandbox, { userId });
    const page = await openSession(client, order);
    const refused = await client.post(page.path, { form: { token: page.token, ...sepaForm, iban: 'DE89 3704 0044 0532 0130 00' }, unchecked: true });
    expect(refused.status).toBe(400);
    const de = await structureOf(refused.text);
    expect(de.invalid).toEqual([
      {
        id: 'sepa-iban',
        message: ['Diese IBAN kann nicht für Lastschriften verwendet werden. Bitte geben Sie ein anderes Konto an oder zahlen Sie mit Karte.'],
      },
    ]);
    expect(de.alert).toContain('IBAN: Diese IBAN kann nicht für Lastschriften verwendet werden');
    expect(refused.text).toContain('value="DE89 3704 0044 0532 0130 00"');
    expect(refused.text).toContain('value="Paula Probe"');
    expect(await axeViolations(refused.text)).toEqual([]);

    const english = await client.post(`${page.path}?lang=en-US`, { form: { token: page.token, ...sepaForm, iban: blacklistedIban }, unchecked: true });
    expect(english.status).toBe(400);
    expect((await structureOf(english.text)).invalid).toEqual([
      { id: 'sepa-iban', message: ['This IBAN cannot be used for direct debit. Please enter another account or pay by card.'] },
    ]);
    expect(await sessionStatus(page.id)).toBe('open');
  });

  it.each([
    [
      'a wrong IBAN check digit',
      { ...sepaForm, iban: 'DE02120300000000202052' },
      [['sepa-iban', 'Diese IBAN ist ungültig. Bitte prüfen Sie Länge und Prüfziffer.']],
    ],
    [
      'an IBAN of another country',
      { ...sepaForm, iban: 'GB29NWBK60161331926819' },
      [['sepa-iban', expect.stringContaining('IBANs aus diesem Land werden nicht akzeptiert')]],
    ],
    [
      'a lowercase BIC and no mandate',
      { ...sepaForm, bic: 'byladem1001', sepaMandate: '' },
      [
        ['sepa-bic', 'Die BIC besteht aus 8 oder 11 Großbuchstaben oder Ziffern.'],
        ['sepa-mandate', 'Bitte erteilen Sie das SEPA-Lastschriftmandat.'],
      ],
    ],
    ['a Cyrillic account holder', { ...sepaForm, accountHolder: 'Паула' }, [['sepa-account-holder', 'Bitte verwenden Sie nur lateinische Buchstaben.']]],
    ['a card number failing the Luhn check', { ...cardForm, cardNumber: '4242 4242 4242 4241' }, [['card-number', 'Diese Kartennummer ist ungültig.']]],
    ['an expired card', { ...cardForm, cardValidity: '01/20' }, [['card-validity', 'Diese Karte ist abgelaufen.']]],
    [
      'an empty card form',
      { method: 'CREDITCARD', cardHolder: '', cardNumber: '', cardValidity: '' },
      [
        ['card-holder', 'Bitte füllen Sie dieses Feld aus.'],
        ['card-number', 'Bitte füllen Sie dieses Feld aus.'],
        ['card-validity', 'Bitte füllen Sie dieses Feld aus.'],
      ],
    ],
  ])('refuses %s with a message at the field', async (_name, form, expected) => {
    const client = await signedIn();
    const page = await openSession(client, await insertOrder(sandbox, { userId }));
    const refused = await client.post(page.path, { form: { token: page.token, ...form }, unchecked: true });
    expect(refused.status).toBe(400);
    const structure = await structureOf(refused.text);
    expect(structure.invalid).toEqual(expected.map(([id, message]) => ({ id, message: [message] })));
    expect(structure.h1).toEqual(['Zahlung']);
    expect(await sessionStatus(page.id)).toBe('open');
  });

  it('a declined card number returns to the failure page without shop error', async () => {
    const client = await signedIn();
    const order = await insertOrder(sandbox, { userId });
    const page = await openSession(client, order);
    const declined = await client.post(page.path, { form: { token: page.token, ...cardForm, cardNumber: '4000 0000 0000 0002' }, unchecked: true });
    expect(leavingOf(declined)).toEqual({
      outcome: 'declined',
      returnUrl: `${sandbox.config.portalOrigin}/app/payment/failure?orderNumber=${order.number}&hasShopError=false`,
    });
    expect(await sessionStatus(page.id)).toBe('failed');
  });

  it('a done, unknown or expired payment session cannot be paid', async () => {
    const client = await signedIn();
    const order = await insertOrder(sandbox, { userId });
    const page = await openSession(client, order);
    expect(leavingOf(await client.post(page.path, { form: { token: page.token, ...cardForm }, unchecked: true })).outcome).toBe('paid');
    const done = await client.get(page.path, { unchecked: true, headers: { Accept: 'text/html' } });
    expect(done.status).toBe(409);
    expect(done.text).toContain('Zahlung bereits abgeschlossen');
    expect(done.text).toContain(`${sandbox.config.portalOrigin}/app/payment/${order.number}?`);
    expect((await client.post(page.path, { form: { token: page.token, ...cardForm }, unchecked: true })).status).toBe(409);

    expect((await client.get('/sandbox/pay/no-such-session', { unchecked: true })).status).toBe(404);

    const stale = await openSession(client, order);
    await run(sandbox.db, 'UPDATE payment_sessions SET created_at = ? WHERE id = ?', [new Date(Date.now() - 2 * 3600_000).toISOString(), stale.id]);
    expect((await client.get(stale.path, { unchecked: true })).status).toBe(410);
    expect((await client.post(stale.path, { form: { token: stale.token, ...cardForm }, unchecked: true })).status).toBe(410);
  });

  it('records the instrument masked, with status Ok, not yet linked to the order', async () => {
    const client = await signedIn();
    const order = await insertOrder(sandbox, { userId });
    const page = await openSession(client, order);
    const paid = await client.post(page.path, { form: { token: page.token, ...sepaForm, iban: 'nl91 abna 0417 1643 00', bic: 'ABNANL2A' }, unchecked: true });
    const instrumentId = new URL(leavingOf(paid).returnUrl).searchParams.get('paymentInstrumentId');
    const row = await one(sandbox.db, 'SELECT type, account_holder, iban, bic, status, order_id FROM payment_instruments WHERE id = ?', [instrumentId]);
    expect(row).toEqual({
      type: 'BANKACCOUNT',
      account_holder: 'Paula Probe',
      iban: 'NL91 **** **** **** 4300',
      bic: 'ABNANL2A',
      status: 'Ok',
      order_id: null,
    });
    expect(await sessionStatus(page.id)).toBe('paid');
  });
});

describe('leaving the frame (decision 9): refusals stay in the frame, only a final outcome leaves it', () => {
  it('a refused IBAN is the page again (in the frame), then the corrected one is the leaving page that sends the portal window to the return URL', async () => {
    const client = await signedIn();
    const order = await insertOrder(sandbox, { userId, status: 'fulfilled' });
    const page = await openSession(client, order, { edit: true }, 'en-US');
    const refused = await client.post(`${page.path}?lang=en-US`, { form: { token: page.token, ...sepaForm, iban: blacklistedIban }, unchecked: true });
    // Not a redirect and not a page for the top window: the same form, posting in the frame again.
    expect(refused.status).toBe(400);
    expect(refused.headers.get('Location')).toBeNull();
    expect((await structureOf(refused.text)).forms.every((form) => form.target === null)).toBe(true);
    expect(refused.text).not.toContain('<script');
    expect(refused.headers.get('Content-Security-Policy')).not.toContain('script-src');

    const paid = await client.post(`${page.path}?lang=en-US`, { form: { token: page.token, ...sepaForm }, unchecked: true });
    const leaving = leavingOf(paid);
    expect(leaving.outcome).toBe('paid');
    expect(
      leaving.returnUrl.startsWith(
        `${sandbox.config.portalOrigin}/app/payment/edit/${order.number}?orderId=${order.id}&orderNumber=${order.number}&transactionId=tx-`,
      ),
    ).toBe(true);
    // The IBAN never travels in the return URL.
    expect(leaving.returnUrl).not.toMatch(/DE02|2020/);
    expect(await structureOf(paid.text)).toMatchObject({ lang: 'en-US', h1: ['Payment details sent'] });
    expect(await axeViolations(paid.text)).toEqual([]);

    // Its one script is allowed by its hash and nothing else; it is framed by the portal only.
    const csp = paid.headers.get('Content-Security-Policy') ?? '';
    const scripts = [...paid.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toEqual([leavingScript]);
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(leavingScript, 'utf8').digest('base64')}';`);
    expect(csp).toContain(`frame-ancestors ${sandbox.config.portalOrigin};`);
    expect(csp).toContain("form-action 'self';");
    expect(csp).not.toContain("unsafe-inline'; script");
  });

  it("the leaving script moves the frame's top window to the link, and focuses the link where the top cannot be moved", async () => {
    const { JSDOM } = (await import('jsdom' as string)) as { JSDOM: new (html: string) => { window: { document: Document } } };
    const client = await signedIn();
    const page = await openSession(client, await insertOrder(sandbox, { userId }));
    const declined = await client.post(page.path, { form: { token: page.token, method: 'simulate', outcome: 'declined' }, unchecked: true });
    const { returnUrl: href, outcome } = leavingOf(declined);
    expect(outcome).toBe('declined');
    expect((await structureOf(declined.text)).h1).toEqual(['Zahlung abgelehnt']);

    const { document } = new JSDOM(declined.text).window;
    const moved: string[] = [];
    const run = (top: unknown) => new Function('window', 'document', leavingScript)({ top }, document);
    run({ location: { assign: (url: string) => moved.push(url) } });
    expect(moved).toEqual([href]);
    // A browser that refuses (a cross-origin provider without user activation): the link has the focus.
    run({
      location: {
        assign: () => {
          throw new Error('SecurityError');
        },
      },
    });
    expect(document.activeElement?.id).toBe('portal-return');

    const providerPage = await openSession(client, await insertOrder(sandbox, { userId }), {}, 'en-US');
    const providerError = await client.post(`${providerPage.path}?lang=en-US`, {
      form: { token: providerPage.token, method: 'simulate', outcome: 'provider-error' },
      unchecked: true,
    });
    expect(leavingOf(providerError).outcome).toBe('providerError');
    expect((await structureOf(providerError.text)).h1).toEqual(['Payment not completed']);
  });
});

describe('the provider rules of the page', () => {
  it.each([
    ['4242 4242 4242 4242', true, 'VISA'],
    ['5555 5555 5555 4444', true, 'MASTERCARD'],
    ['2223 0031 2200 3222', true, 'MASTERCARD'],
    ['3782 822463 10005', true, 'AMEX'],
    ['4000 0000 0000 0002', true, 'VISA'],
    ['4242 4242 4242 4241', false, 'VISA'],
    ['4242', false, 'VISA'],
    ['abcd efgh ijkl mnop', false, 'CARD'],
  ])('card %s: valid %s, issuer %s', (number, valid, issuer) => {
    expect(isValidCardNumber(number)).toBe(valid);
    expect(cardIssuer(number)).toBe(issuer);
  });

  const now = new Date('2026-11-22T10:00:00Z');
  it.each([
    ['12/29', { validity: '12/29' }],
    ['11/26', { validity: '11/26' }],
    ['11 / 2026', { validity: '11/26' }],
    ['10/26', { code: 'cardExpired' }],
    ['13/29', { code: 'cardValidity' }],
    ['1229', { code: 'cardValidity' }],
  ])('validity %j gives %j', (input, result) => {
    expect(checkCardValidity(input, now)).toEqual(result);
  });

  it('masks IBANs and card numbers', () => {
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 **** **** **** 3000');
    expect(maskCardNumber('4242 4242 4242 4242')).toBe('**** **** **** 4242');
  });

  it('return URLs: order, edit, declined', () => {
    const order = { purpose: 'order' as const, order_id: 'o-1', order_number: 'A-1' };
    const paid = { kind: 'paid' as const, transactionId: 'tx-1', paymentMethod: 'CREDITCARD' as const, paymentInstrumentId: 'pi-1' };
    const origin = sandbox.config.portalOrigin;
    expect(returnUrl(sandbox.config, order, paid)).toBe(
      `${origin}/app/payment/A-1?orderId=o-1&transactionId=tx-1&paymentMethod=CREDITCARD&paymentInstrumentId=pi-1`,
    );
    expect(returnUrl(sandbox.config, { ...order, purpose: 'edit' }, paid)).toBe(
      `${origin}/app/payment/edit/A-1?orderId=o-1&orderNumber=A-1&transactionId=tx-1&paymentMethod=CREDITCARD&paymentInstrumentId=pi-1`,
    );
    expect(returnUrl(sandbox.config, order, { kind: 'declined' })).toBe(`${origin}/app/payment/failure?orderNumber=A-1&hasShopError=false`);
    expect(returnUrl(sandbox.config, { ...order, purpose: 'edit' }, { kind: 'declined' })).toBe(`${origin}/app/payment/failure?hasShopError=false`);
  });
});
