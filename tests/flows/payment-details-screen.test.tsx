import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { type SeededOrderKey, seededOrders } from '#sandbox/seed/ids';
import { lockedInstrumentReason } from '#sandbox/seed/payments';
import { createTestCustomer } from '#sandbox/seed/test-customers';
import { isInstrumentEditable, paymentEditHref } from '#src/domain/payment-instrument';
import { PaymentDetailsScreen } from '#src/flows/payment-details/payment-details-screen';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * The payment details page (issue 12 item 1; SPEC.md 2.3, 4.6) over the in-process sandbox: each
 * seeded instrument with its badge (README's table), the edit link's href (SPEC.md 2.2), the
 * university's instrument that cannot be changed here (SPEC.md 6.1), no instrument, an order that
 * does not exist, and a failing call with its retry.
 */
async function renderDetails(
  email: string,
  orderId: string,
  { locale = 'en-US', fault }: { locale?: 'en-US' | 'de-DE'; fault?: { path: string; status: number } } = {},
) {
  const api = await sandboxApi({ signedInAs: email });
  if (fault) await api.client.post('/__sandbox/faults', { json: { method: 'GET', ...fault, times: 1 } });
  await renderInRouter(api, () => <PaymentDetailsScreen orderId={orderId} />, { path: `/app/dashboard/order/${orderId}/payment`, locale });
  return api;
}

const details = async () => within(await screen.findByTestId('payment-details'));
/** The value next to a term of the details list. */
const valueOf = (dl: ReturnType<typeof within>, term: string) => dl.getByText(term, { selector: 'dt' }).nextElementSibling;
const badgeVariant = () => screen.getByTestId('payment-badge').querySelector('[data-variant]')?.getAttribute('data-variant');
const editLink = () => screen.queryByRole('link', { name: 'Change payment method' });
const instrumentPath = (key: SeededOrderKey) => `/api/v2/payment/paymentprovider/user-payment-instruments/${seededOrders[key].id}`;

describe('the payment details page', () => {
  it('A-100001: direct debit, holder, masked IBAN and BIC, a success badge, and the edit link (SPEC.md 2.2)', async () => {
    await renderDetails('deuti@example.com', seededOrders.deutiActive.id);
    const dl = await details();
    expect(valueOf(dl, 'Order number')).toHaveTextContent('A-100001');
    expect(valueOf(dl, 'Payment method')).toHaveTextContent('Direct debit Valid');
    expect(badgeVariant()).toBe('success');
    expect(valueOf(dl, 'Account holder')).toHaveTextContent('Erika Mustermann');
    expect(valueOf(dl, 'IBAN')?.textContent).toMatch(/^DE02 \*{4} \*{4} \*{4} \*{4} 51$|^DE02[ *]+\d+$/);
    expect(valueOf(dl, 'IBAN')?.textContent).not.toContain('120300000000202051');
    expect(valueOf(dl, 'BIC')).toHaveTextContent('BYLADEM1001');
    expect(dl.queryByText('Valid until')).toBeNull();
    expect(editLink()).toHaveAttribute('href', '/app/payment/edit/A-100001?orderId=order-deuti-active');
    expect(screen.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
  });

  it('A-100002: a credit card with its number and expiry, a success badge', async () => {
    await renderDetails('deuti@example.com', seededOrders.deutiTerminatedWithdrawable.id);
    const dl = await details();
    expect(valueOf(dl, 'Payment method')).toHaveTextContent('Credit card Valid');
    expect(badgeVariant()).toBe('success');
    expect(valueOf(dl, 'Cardholder')).toHaveTextContent('Erika Mustermann');
    expect(dl.queryByText('Account holder')).toBeNull();
    expect(valueOf(dl, 'Card')).toHaveTextContent('VISA');
    expect(valueOf(dl, 'Card number')).toHaveTextContent('**** **** **** 4242');
    expect(valueOf(dl, 'Valid until')?.textContent).toMatch(/^12\/\d\d$/);
    expect(dl.queryByText('IBAN')).toBeNull();
    expect(editLink()).toHaveAttribute('href', '/app/payment/edit/A-100002?orderId=order-deuti-term-w');
  });

  it('A-100003: Expired is an error badge, with what to do and the edit link', async () => {
    await renderDetails('deuti@example.com', seededOrders.deutiTerminatedFinal.id);
    const dl = await details();
    expect(valueOf(dl, 'Payment method')).toHaveTextContent('Credit card Expired');
    expect(badgeVariant()).toBe('error');
    expect(valueOf(dl, 'Valid until')).toHaveTextContent('01/24');
    expect(screen.getByText(/has expired. Please enter a new one/)).toBeInTheDocument();
    expect(editLink()).toHaveAttribute('href', '/app/payment/edit/A-100003?orderId=order-deuti-term-f');
  });

  it('A-100010: PaymentFailed is an error badge', async () => {
    await renderDetails('deuti@example.com', seededOrders.deutiRevoked.id);
    const dl = await details();
    expect(valueOf(dl, 'Payment method')).toHaveTextContent('Direct debit Payment failed');
    expect(badgeVariant()).toBe('error');
    expect(screen.getByText(/The last payment with this payment method failed/)).toBeInTheDocument();
  });

  it('B-200001 (joti): SecurityCheckPending is an error badge, in German', async () => {
    await renderDetails('joti@example.com', seededOrders.jotiActive.id, { locale: 'de-DE' });
    const dl = await details();
    expect(valueOf(dl, 'Bestellnummer')).toHaveTextContent('B-200001');
    expect(valueOf(dl, 'Zahlungsart')).toHaveTextContent('Kreditkarte Sicherheitsprüfung ausstehend');
    expect(badgeVariant()).toBe('error');
    expect(screen.getByRole('link', { name: 'Zahlungsart ändern' })).toHaveAttribute('href', '/app/payment/edit/B-200001?orderId=order-joti-active');
  });

  it('C-300001 (seti): the university’s instrument cannot be changed here; no edit link, no failure, the way to My data', async () => {
    await renderDetails('seti@example.com', seededOrders.setiActive.id);
    const dl = await details();
    expect(valueOf(dl, 'Payment method')).toHaveTextContent('Via your employer or university Valid');
    expect(badgeVariant()).toBe('success');
    expect(screen.getByTestId('payment-not-editable')).toHaveTextContent(/cannot be changed here/);
    expect(editLink()).toBeNull();
    expect(screen.queryByText(/failed/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my data' })).toHaveAttribute('href', '/app/dashboard/account');
  });

  it('an order without an instrument says none is stored, without a badge, with the edit link (SPEC.md 8 "Payment not found")', async () => {
    await renderDetails('deuti@example.com', seededOrders.deutiInProgress.id);
    const dl = await details();
    expect(valueOf(dl, 'Payment method')).toHaveTextContent('None stored');
    expect(screen.queryByTestId('payment-badge')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: /No payment method stored/ })).toBeInTheDocument();
    expect(editLink()).toHaveAttribute('href', '/app/payment/edit/A-100004?orderId=order-deuti-inprogress');
  });

  it('an order the customer does not have is not found: the way back to My tickets, no retry, no edit link', async () => {
    const { calls } = await renderDetails('deuti@example.com', seededOrders.jotiActive.id);
    expect(await screen.findByRole('heading', { level: 2, name: /This order does not exist/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
    expect(screen.queryByRole('button')).toBeNull();
    expect(editLink()).toBeNull();
    expect(screen.queryByTestId('payment-details')).toBeNull();
    expect(calls.filter((call) => call.includes('user-payment-instruments')).length).toBe(1);
  });

  it('a failing call shows the error badge and a retry, which shows the instrument', async () => {
    await renderDetails('deuti@example.com', seededOrders.deutiActive.id, { fault: { path: instrumentPath('deutiActive'), status: 500 } });
    const dl = await details();
    expect(await dl.findByText('Cannot be checked right now')).toBeInTheDocument();
    expect(badgeVariant()).toBe('error');
    expect(screen.getByRole('heading', { level: 2, name: /Your payment method cannot be checked right now/ })).toBeInTheDocument();
    expect(editLink()).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByText('Direct debit')).toBeInTheDocument();
    expect(badgeVariant()).toBe('success');
    expect(editLink()).toHaveAttribute('href', '/app/payment/edit/A-100001?orderId=order-deuti-active');
  });

  it('the orders list failing: the page cannot say which order it is; a retry loads it', async () => {
    await renderDetails('deuti@example.com', seededOrders.deutiActive.id, { fault: { path: '/api/v2/order/orders', status: 500 } });
    expect(await screen.findByRole('heading', { level: 2, name: /Your payment method could not be loaded/ })).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    const dl = await details();
    expect(valueOf(dl, 'Order number')).toHaveTextContent('A-100001');
  });
});

describe('a locked card (SPEC.md 6.1, decision 32)', () => {
  /** A test customer whose active order's bank account is locked with a reason and whose withdrawable order's card is locked without one. */
  async function renderLocked(order: 'active' | 'withdrawable', locale: 'en-US' | 'de-DE' = 'en-US') {
    const api = await sandboxApi();
    const customer = await createTestCustomer(api.sandbox.db, { lockedInstruments: true });
    await api.client.signInAs(customer.email);
    const orderId = customer.orders[order].id;
    await renderInRouter(api, () => <PaymentDetailsScreen orderId={orderId} />, { path: `/app/dashboard/order/${orderId}/payment`, locale });
    await details();
  }

  it('with a reason: no edit link; Enter on the info button opens the reason, Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    await renderLocked('active');
    expect(editLink()).toBeNull();
    expect(screen.getByTestId('payment-locked')).toHaveTextContent('This payment method is locked and cannot be changed at the moment.');
    const info = screen.getByRole('button', { name: 'Why is it locked?' });
    act(() => info.focus());
    expect(info).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Why this payment method is locked' });
    const reason = within(dialog).getByText(lockedInstrumentReason);
    expect(reason).toHaveAttribute('lang', 'de');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(info).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
  });

  it('without a reason: no edit link and no info button, a plain sentence instead (in German)', async () => {
    await renderLocked('withdrawable', 'de-DE');
    expect(screen.queryByRole('link', { name: 'Zahlungsart ändern' })).toBeNull();
    expect(screen.getByTestId('payment-locked')).toHaveTextContent(/gesperrt.*Kundenservice/);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('isInstrumentEditable and paymentEditHref (SPEC.md 2.2, 6.1)', () => {
  it('only the employer’s or university’s instrument cannot be changed', () => {
    expect(isInstrumentEditable('BANKACCOUNT')).toBe(true);
    expect(isInstrumentEditable('CREDITCARD')).toBe(true);
    expect(isInstrumentEditable('TDX_Instrument')).toBe(false);
  });
  it('the edit page takes the order id from the query', () => {
    expect(paymentEditHref('A-1/2', 'o 1&x')).toBe('/app/payment/edit/A-1%2F2?orderId=o%201%26x');
  });
});
