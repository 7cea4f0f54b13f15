import { screen } from '@testing-library/react';

import { seededOrders } from '#sandbox/seed/ids';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { PaymentScreen } from '#src/flows/payment/payment-screen';
import shipped from '../../public/config.json';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * The payment edit page's plain words (issue 12 item 5; SPEC.md 2.2, 4.6, 6.1, 8) over the
 * in-process sandbox with the real actors: an order number the customer has no order with shows
 * "Payment not found" with the way to My tickets and no retry; the university's instrument
 * (seti's C-300001, a TDX_Instrument the upsert refuses) is a neutral page pointing to My data, not
 * a failed payment; a refused upsert (a 500) is the failure view with the shop text and no retry.
 */

const parsed = parseRuntimeConfig(shipped);
if (!parsed.ok) throw new Error('shipped config invalid');

async function renderEdit(
  email: string,
  orderNumber: string,
  orderId: string | undefined,
  { locale = 'en-US', fault }: { locale?: 'en-US' | 'de-DE'; fault?: { method: string; path: string; status: number } } = {},
) {
  const api = await sandboxApi({ signedInAs: email });
  if (fault) await api.client.post('/__sandbox/faults', { json: { ...fault, times: 1 } });
  await renderInRouter(api, () => <PaymentScreen variant="edit" orderNumber={orderNumber} orderId={orderId} providerResult={undefined} />, {
    path: `/app/payment/edit/${orderNumber}`,
    locale,
    context: parsed.ok ? { config: parsed.config } : {},
  });
  return api;
}

const heading = () =>
  screen.findByRole(
    'heading',
    { level: 1, name: /not found|nicht gefunden|cannot be changed|nicht geändert|did not go through|nicht durchgegangen/i },
    { timeout: 5000 },
  );

describe('payment edit page: an order number without an order', () => {
  it.each([
    ['en-US', 'Payment not found', 'Your account has no order with the number X-999999.', 'Back to my tickets'],
    ['de-DE', 'Zahlung nicht gefunden', 'Zu Ihrem Konto gibt es keine Bestellung mit der Nummer X-999999.', 'Zurück zu meinen Tickets'],
  ] as const)('%s: the not-found view links to My tickets, offers no retry and posts nothing', async (locale, title, text, link) => {
    const api = await renderEdit('deuti@example.com', 'X-999999', undefined, { locale });
    expect(await heading()).toHaveTextContent(title);
    expect(document.body).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/app/dashboard/tickets');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByTitle(/payment provider|Zahlungsanbieter/)).toBeNull();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('an order id of another order with this number is not found either (the number must match)', async () => {
    await renderEdit('deuti@example.com', 'X-999999', seededOrders.deutiActive.id);
    expect(await heading()).toHaveTextContent('Payment not found');
    expect(screen.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
  });
});

describe("payment edit page: the university's instrument (seti, C-300001)", () => {
  it.each([
    [
      'en-US',
      'This payment method cannot be changed here',
      'is paid through your employer or university',
      'Go to my data',
      /did not go through|could not be completed/,
    ],
    [
      'de-DE',
      'Diese Zahlungsart kann hier nicht geändert werden',
      'wird über Ihren Arbeitgeber oder Ihre Hochschule bezahlt',
      'Zu meinen Daten',
      /nicht durchgegangen|nicht abgeschlossen/,
    ],
  ] as const)(
    '%s: a neutral title, the plain reason and the link to My data; no failure words, no retry',
    async (locale, title, reason, link, failureWords) => {
      const { id, number } = seededOrders.setiActive;
      const api = await renderEdit('seti@example.com', number, id, { locale });
      expect(await heading()).toHaveTextContent(title);
      expect(document.body).toHaveTextContent(reason);
      expect(document.body).toHaveTextContent(number);
      expect(document.body.textContent).not.toMatch(failureWords);
      expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/app/dashboard/account');
      expect(screen.queryByRole('button')).toBeNull();
      // The upsert was asked once and refused it (instrumentNotEditable); nothing was framed.
      expect(api.calls.filter((call) => call.startsWith('POST /api/v2/payment/paymentprovider/user-payment-instruments'))).toHaveLength(1);
      expect(screen.queryByTitle(/payment provider|Zahlungsanbieter/)).toBeNull();
    },
  );
});

describe('payment edit page: a failing upsert', () => {
  it('a 500 shows the failure view with the shop text and, in an edit, no retry', async () => {
    const { id, number } = seededOrders.deutiActive;
    await renderEdit('deuti@example.com', number, id, {
      fault: { method: 'POST', path: '/api/v2/payment/paymentprovider/user-payment-instruments', status: 500 },
    });
    expect(await heading()).toHaveTextContent('The payment did not go through');
    expect(document.body).toHaveTextContent('Your payment could not be completed. No money has been taken.');
    expect(document.body).toHaveTextContent('Our shop could not process the payment.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the overview' })).toHaveAttribute('href', '/app/dashboard');
  });
});
