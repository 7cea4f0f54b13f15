// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor } from 'xstate';

import type { components } from '#openapi/schema.gen';
import { createApiClient } from '#src/api/client';
import { createQueries } from '#src/api/queries';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { providePayment } from '#src/flows/payment/payment.actors';
import type { FlowServices } from '#src/flows/use-flow';
import type { Locale } from '#src/i18n/locales';
import shipped from '../../public/config.json';

/**
 * The payment's real actors (src/flows/payment/payment.actors.ts) against a fake API: what the
 * upsert posts. The provider's page opens in the portal's language because the payload says which
 * (docs/decisions/0019-payment-page-language.md).
 */

const parsed = parseRuntimeConfig(shipped);
if (!parsed.ok) throw new Error('shipped config invalid');
const config = parsed.config;

type OrderDataForPayment = components['schemas']['OrderDataForPayment'];

const order: OrderDataForPayment = {
  gender: 'Female',
  firstName: 'Erika',
  lastName: 'Muster',
  birthdate: '1980-05-01',
  street: 'Hauptstraße',
  houseNumber: '5',
  zipCode: '10115',
  city: 'Berlin',
  country: 'DE',
  productId: 'DEU4900',
  travelerFirstName: 'Erika',
  travelerLastName: 'Muster',
  travelerGender: 'Female',
  travelerBirthdate: '1980-05-01',
  orderId: 'order-1',
  buyOn: '2026-11-20',
  orderNumber: 'A-100500',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Runs the payment of A-100500 until the frame shows, in `locale`; answers what was posted. */
async function pay(locale: () => Locale, variant: 'order' | 'edit' = 'order') {
  const posted: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (request.method === 'POST') posted.push({ path: url.pathname, body: (await request.json()) as Record<string, unknown> });
    if (url.pathname === '/api/v3/order/orders/order-1') return json(200, order);
    if (url.pathname === '/api/v2/auth/connect/user-info') return json(200, { sub: 'user-1', email: 'erika@example.com', email_verified: true });
    if (url.pathname === '/api/v2/payment/paymentprovider/user-payment-instruments')
      return json(200, { redirectUrl: 'http://portal.test/sandbox/pay/abc?lang=en-US' });
    return json(500, { status: 500, title: 'unexpected' });
  };
  const api = createApiClient({ baseUrl: 'http://portal.test', onMaintenance: () => {}, readCookies: () => 'XSRF-TOKEN=t', fetch });
  const services = {
    api,
    queries: createQueries(api),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    config,
    session: undefined as unknown as FlowServices['session'],
    navigate: (async () => {}) as unknown as FlowServices['navigate'],
  } satisfies FlowServices;
  const machine = providePayment(services, { portalOrigin: 'http://portal.test', productText: () => 'Deutschlandticket', locale });
  const actor = createActor(machine, { input: { variant, orderNumber: 'A-100500', orderId: 'order-1' } }).start();
  const snapshot = await waitFor(actor, (current) => current.matches('showingProvider') || current.matches('failed') || current.matches('failurePage'));
  expect(snapshot.value).toBe('showingProvider');
  actor.stop();
  return posted;
}

describe('providePayment (the real actors against a fake API)', () => {
  it.each(['en-US', 'de-DE'] as const)('posts the upsert with the portal language %s, so the provider page opens in it', async (locale) => {
    const posted = await pay(() => locale);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.path).toBe('/api/v2/payment/paymentprovider/user-payment-instruments');
    expect(posted[0]!.body).toMatchObject({
      orderId: 'order-1',
      orderNumber: 'A-100500',
      userMail: 'erika@example.com',
      productText: 'Deutschlandticket',
      locale,
    });
  });

  it('reads the language when it posts (an edit: no order number, the language still)', async () => {
    let current: Locale = 'de-DE';
    const posted = pay(() => current, 'edit');
    current = 'en-US';
    const [upsert] = await posted;
    expect(upsert!.body.orderNumber).toBeUndefined();
    expect(upsert!.body.locale).toBe('en-US');
  });
});
