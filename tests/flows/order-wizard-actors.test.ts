// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor } from 'xstate';

import type { OrderWizardInput } from '#machines/order-wizard/order-wizard.types';
import { createApiClient } from '#src/api/client';
import { createQueries } from '#src/api/queries';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { products, type ProductName } from '#src/domain/product';
import { provideOrderWizard } from '#src/flows/order-wizard/order-wizard.actors';
import { createSessionActor } from '#src/flows/session/session-actor';
import type { FlowServices } from '#src/flows/use-flow';
import shipped from '../../public/config.json';

/**
 * The order wizard's real actors and page changes (src/flows/order-wizard/order-wizard.actors.ts)
 * against a fake API: what they call, and where the wizard goes after the order.
 */

const parsed = parseRuntimeConfig(shipped);
if (!parsed.ok) throw new Error('shipped config invalid');
const config = parsed.config;

const startDates = ['2026-12-01', '2027-01-01'];
const prices: Record<string, number> = { DEU4900: 63, TDX9960: 38, TDX9950: 0 };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': status < 300 ? 'application/json' : 'application/problem+json' } });
}

/** The services of the router context with a fake API, a session, and a recording navigate. */
function services(product: ProductName, options: { tokenStatus?: number } = {}) {
  const calls: string[] = [];
  const order: string[] = [];
  /** The bodies sent, by path (the last one of each). */
  const bodies: Record<string, string> = {};
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.method === 'POST') bodies[url.pathname] = await request.text();
    if (url.pathname === '/api/v1/order/startdates') return json(200, { start_dates: startDates });
    const quote = /^\/api\/v1\/quotation\/quotes\/([^/]+)$/.exec(url.pathname);
    if (quote) {
      const price = prices[quote[1]!];
      if (price === undefined) return json(404, { status: 404, code: 'companyIdNotFound', title: 'Unknown company' });
      return json(200, {
        customerRealPrice: price,
        totalPrice: 63,
        customerPrice: price,
        employerPrice: 63 - price,
        quoteId: `${quote[1]}@${url.searchParams.get('subscriptionStartsOn')}`,
      });
    }
    if (url.pathname === '/api/v2/auth/register') return json(201, { user_id: 'user-1', auto_sign_in_code: 'code-1' });
    if (url.pathname === '/api/v2/auth/authorization/token') {
      const status = options.tokenStatus ?? 200;
      return status === 200
        ? json(200, { token_type: 'Bearer', expires_in: 900, expires_at: 1_800_000_900, scope: 'openid' })
        : json(status, { status, code: 'invalid_grant', title: 'No' });
    }
    if (url.pathname === '/api/v3/order/orders/submit') return json(201, { order_number: 'A-100500' });
    return json(500, { status: 500, title: 'unexpected' });
  };
  const api = createApiClient({ baseUrl: 'http://portal.test', onMaintenance: () => {}, readCookies: () => 'XSRF-TOKEN=t', fetch });
  const memory = new Map<string, string>();
  const storage = {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, value),
    removeItem: (key: string) => void memory.delete(key),
  };
  const session = createSessionActor({
    config: { ...config, product: products[product] },
    api,
    origin: 'http://portal.test',
    storage,
    sharedStorage: storage,
    readCookies: () => '',
    locale: () => 'de-DE',
    navigateAway: () => {},
  });
  const navigate = vi.fn(async (options: unknown) => void order.push(`navigate ${JSON.stringify(options)}`));
  const flowServices = {
    api,
    queries: createQueries(api),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    config: { ...config, product: products[product] },
    session,
    navigate: navigate as unknown as FlowServices['navigate'],
  } satisfies FlowServices;
  const machine = provideOrderWizard(flowServices, { clearDraft: () => void order.push('clearDraft') });
  return { machine, calls, bodies, order, session };
}

const input = (product: ProductName, registration: boolean): OrderWizardInput => ({
  product,
  registration,
  idempotencyKeys: { register: 'register-key', submit: 'submit-key' },
  today: '2026-11-20',
});
const billing = {
  gender: 'Female',
  firstName: 'Erika',
  lastName: 'Muster',
  birthdate: '1980-05-01',
  zipCode: '10115',
  city: 'Berlin',
  street: 'Hauptstraße',
  houseNumber: '5',
  country: 'DE',
} as const;
const accepted = { areConditionsOfTransportAccepted: true, areAgbAccepted: true };

describe('provideOrderWizard (the real actors against a fake API)', () => {
  it('joti: the company is quoted for the first offered month, the start step for its month; a paid order shows the payment page', async () => {
    const { machine, calls, order } = services('joti');
    const actor = createActor(machine, { input: input('joti', false) }).start();
    actor.send({ type: 'step.next', step: 'company', values: { companyId: 'TDX9960', staffNumber: 'P-100234' } });
    await waitFor(actor, (snapshot) => snapshot.matches('startAndTraveler'));
    expect(calls).toEqual(['GET /api/v1/order/startdates?product=joti', 'GET /api/v1/quotation/quotes/TDX9960?subscriptionStartsOn=2026-12-01']);
    actor.send({ type: 'step.next', step: 'startAndTraveler', values: { startDate: '2027-01-01', isTraveler: true } });
    await waitFor(actor, (snapshot) => snapshot.matches('billing'));
    expect(calls.at(-1)).toBe('GET /api/v1/quotation/quotes/TDX9960?subscriptionStartsOn=2027-01-01');
    actor.send({ type: 'step.next', step: 'billing', values: billing });
    actor.send({ type: 'order.submit', values: accepted });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.at(-1)).toBe('POST /api/v3/order/orders/submit');
    expect(order).toEqual([
      'clearDraft',
      `navigate ${JSON.stringify({ to: '/app/payment/$orderNumber', params: { orderNumber: 'A-100500' }, replace: true })}`,
    ]);
  });

  it('a free quote shows the confirmation page instead (SPEC.md 4.1)', async () => {
    const { machine, order } = services('joti');
    const actor = createActor(machine, { input: input('joti', false) }).start();
    actor.send({ type: 'step.next', step: 'company', values: { companyId: 'TDX9950', staffNumber: '12345' } });
    await waitFor(actor, (snapshot) => snapshot.matches('startAndTraveler'));
    actor.send({ type: 'step.next', step: 'startAndTraveler', values: { startDate: '2027-01-01', isTraveler: true } });
    await waitFor(actor, (snapshot) => snapshot.matches('billing'));
    actor.send({ type: 'step.next', step: 'billing', values: billing });
    actor.send({ type: 'order.submit', values: accepted });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(order).toEqual(['clearDraft', `navigate ${JSON.stringify({ to: '/app/order/confirmation', search: { orderNumber: 'A-100500' }, replace: true })}`]);
  });

  it('an unknown company is no quote: the company step says quoteFailed', async () => {
    const { machine } = services('joti');
    const actor = createActor(machine, { input: input('joti', false) }).start();
    actor.send({ type: 'step.next', step: 'company', values: { companyId: 'TDX0000', staffNumber: '1' } });
    const snapshot = await waitFor(actor, (state) => !state.matches('quotingCompany'));
    expect(snapshot).toMatchObject({ value: 'company', context: { error: 'quoteFailed' } });
  });

  it('the affiliate of the link goes to register as its query and into the order (SPEC.md 7.5)', async () => {
    const { machine, calls, bodies } = services('joti');
    const actor = createActor(machine, { input: { ...input('joti', true), affiliate: 'partner 7&x' } }).start();
    actor.send({ type: 'step.next', step: 'company', values: { companyId: 'TDX9960', staffNumber: 'P-100234' } });
    await waitFor(actor, (snapshot) => snapshot.matches('startAndTraveler'));
    actor.send({ type: 'step.next', step: 'startAndTraveler', values: { startDate: '2026-12-01', isTraveler: true } });
    await waitFor(actor, (snapshot) => snapshot.matches('billing'));
    actor.send({ type: 'step.next', step: 'billing', values: billing });
    actor.send({
      type: 'step.next',
      step: 'account',
      values: {
        mailAddress: 'erika@example.com',
        password: 'Geheim!123',
        repeatPassword: 'Geheim!123',
        isPrivacyStatementAccepted: true,
        isMarketingInformationAccepted: false,
      },
    });
    actor.send({ type: 'order.submit', values: accepted });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toContain('POST /api/v2/auth/register?affiliate=partner%207%26x');
    expect(new URLSearchParams(bodies['/api/v2/auth/register']).has('affiliate')).toBe(false);
    expect(JSON.parse(bodies['/api/v3/order/orders/submit']!)).toMatchObject({ affiliate: 'partner 7&x', product: 'joti' });
  });

  it('without an affiliate neither call names one', async () => {
    const { machine, calls, bodies } = services('joti');
    const actor = createActor(machine, { input: input('joti', false) }).start();
    actor.send({ type: 'step.next', step: 'company', values: { companyId: 'TDX9960', staffNumber: 'P-100234' } });
    await waitFor(actor, (snapshot) => snapshot.matches('startAndTraveler'));
    actor.send({ type: 'step.next', step: 'startAndTraveler', values: { startDate: '2026-12-01', isTraveler: true } });
    await waitFor(actor, (snapshot) => snapshot.matches('billing'));
    actor.send({ type: 'step.next', step: 'billing', values: billing });
    actor.send({ type: 'order.submit', values: accepted });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.some((call) => call.includes('affiliate'))).toBe(false);
    expect(JSON.parse(bodies['/api/v3/order/orders/submit']!)).not.toHaveProperty('affiliate');
  });

  it.each([
    [200, 'submitting'],
    [400, 'summary'],
  ] as const)('deuti visitor: registers, then signs in with the code through the session (token %s → %s)', async (tokenStatus, state) => {
    const { machine, calls, session } = services('deuti', { tokenStatus });
    const actor = createActor(machine, { input: input('deuti', true) }).start();
    actor.send({ type: 'step.next', step: 'startAndTraveler', values: { startDate: '2026-12-01', isTraveler: true } });
    await waitFor(actor, (snapshot) => snapshot.matches('billing'));
    actor.send({ type: 'step.next', step: 'billing', values: billing });
    actor.send({
      type: 'step.next',
      step: 'account',
      values: {
        mailAddress: 'erika@example.com',
        password: 'Geheim!123',
        repeatPassword: 'Geheim!123',
        isPrivacyStatementAccepted: true,
        isMarketingInformationAccepted: false,
      },
    });
    actor.send({ type: 'order.submit', values: accepted });
    const snapshot = await waitFor(actor, (current) => current.matches(state) || current.status === 'done');
    expect(calls).toContain('POST /api/v2/auth/authorization/token');
    if (tokenStatus === 200) {
      expect(session.getSnapshot().matches('signedIn')).toBe(true);
    } else {
      expect(snapshot.context.error).toBe('autoSignInFailed');
      expect(session.getSnapshot().matches('failed')).toBe(true);
    }
  });
});
