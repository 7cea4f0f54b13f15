import { act, screen, within } from '@testing-library/react';

import type { TestCustomer } from '#sandbox/seed/test-customers';
import { groupPayments, type Payment } from '#src/flows/payment-history/payment-groups';
import { PaymentHistoryScreen } from '#src/flows/payment-history/payment-history-screen';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * The payment history (issue 12, item 3) over the in-process sandbox: the seeded payments
 * (sandbox/seed/payments.ts) per subscription, newest first, in both languages' date and money
 * formats; the empty state; a failed load with its retry.
 */
type Fault = { method: string; path: string; status: number; times?: number };

async function renderPayments({
  email = 'deuti@example.com',
  locale = 'en-US',
  faults = [],
  newCustomer = false,
}: { email?: string; locale?: 'en-US' | 'de-DE'; faults?: Fault[]; newCustomer?: boolean } = {}) {
  const setup = await sandboxApi();
  const { api, queries, queryClient, client } = setup;
  let signInAs = email;
  if (newCustomer) signInAs = ((await client.post('/__sandbox/customers', { unchecked: true })).body as TestCustomer).email;
  await client.signInAs(signInAs);
  for (const fault of faults) await client.post('/__sandbox/faults', { json: fault });
  await renderInRouter({ api, queries, queryClient }, () => <PaymentHistoryScreen />, { path: '/app/dashboard/payments', locale });
  return setup;
}

/** The 5th of the month `offset` months from now (the seeded payments' due dates, SPEC.md 9), as parts. */
function dueOn(offset: number) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 5));
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = String(date.getUTCFullYear());
  return { de: `${dd}.${mm}.${yyyy}`, en: `${mm}/${dd}/${yyyy}` };
}

/** Each group's heading and its rows' cells, as the customer reads them. */
async function readGroups() {
  await screen.findAllByTestId('payment-group');
  return screen.getAllByTestId('payment-group').map((group) => ({
    heading: within(group).getByRole('heading', { level: 2 }).textContent,
    rows: within(group)
      .getAllByTestId('payment')
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()),
      ),
  }));
}

describe('the payment history', () => {
  it("lists deuti's seeded payments per subscription, newest first, with English dates and amounts", async () => {
    await renderPayments();
    const [m1, m0, mm1] = [dueOn(1), dueOn(0), dueOn(-1)];
    expect(await readGroups()).toEqual([
      {
        heading: 'Subscription S-A100001',
        rows: [
          [m1.en, '€63.00', 'Open', 'Direct debit'],
          [m0.en, '€63.00', 'Paid', 'Direct debit'],
          [mm1.en, '€63.00', 'Paid', 'Direct debit'],
        ],
      },
      { heading: 'Subscription S-A100002', rows: [[m0.en, '€63.00', 'Paid', 'Credit card']] },
      { heading: 'Subscription S-A100010', rows: [[m0.en, '€63.00', 'Failed', 'Direct debit']] },
      { heading: 'Subscription S-A100003', rows: [[mm1.en, '€63.00', 'Refunded', 'Credit card']] },
    ]);
    // The failed payment carries the error badge (a word and an icon, not colour alone); the others none.
    const failed = screen.getAllByTestId('payment').filter((row) => row.dataset.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.querySelector('[data-variant="error"]')).toHaveTextContent('Failed');
    expect(document.querySelectorAll('[data-variant]')).toHaveLength(1);
    // Each table is named by its group's heading; the columns have headers.
    expect(screen.getByRole('table', { name: 'Subscription S-A100001' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Subscription S-A100001' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Due date', 'Amount', 'Status', 'Payment method']);
    // The payment account's customer number, and the way back.
    expect(within(await screen.findByTestId('payment-account')).getByText('Customer number').nextElementSibling).toHaveTextContent(/^K\d{8}$/);
    expect(screen.getByRole('link', { name: 'Back to the overview' })).toHaveAttribute('href', '/app/dashboard');
  });

  it('shows German dates and amounts, and German words', async () => {
    await renderPayments({ email: 'deuti@example.com', locale: 'de-DE' });
    const groups = await readGroups();
    expect(groups.map((group) => group.heading)).toEqual(['Abo S-A100001', 'Abo S-A100002', 'Abo S-A100010', 'Abo S-A100003']);
    expect(groups[0]!.rows[0]).toEqual([dueOn(1).de, '63,00 €', 'Offen', 'Lastschrift']);
    expect(groups[2]!.rows[0]).toEqual([dueOn(0).de, '63,00 €', 'Fehlgeschlagen', 'Lastschrift']);
    expect(groups[3]!.rows[0]).toEqual([dueOn(-1).de, '63,00 €', 'Erstattet', 'Kreditkarte']);
    expect(screen.getAllByRole('columnheader', { name: 'Fällig am' })).toHaveLength(4);
    expect(screen.getByText('Kundennummer')).toBeInTheDocument();
  });

  it("shows a joti customer's one payment of the partly subsidized price", async () => {
    await renderPayments({ email: 'joti@example.com' });
    expect(await readGroups()).toEqual([{ heading: 'Subscription S-B200001', rows: [[dueOn(0).en, '€38.00', 'Paid', 'Credit card']] }]);
  });

  it('a customer without payments gets the empty state with the way to My tickets', async () => {
    await renderPayments({ newCustomer: true });
    const empty = await screen.findByTestId('payments-empty');
    expect(empty).toHaveTextContent('You have no payments yet.');
    expect(within(empty).getByRole('link', { name: 'Go to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a failed load says so with "Try again" and the way back; the retry loads the payments', async () => {
    // The fault answers the first payments call only.
    const { calls } = await renderPayments({ faults: [{ method: 'GET', path: '/api/payment/v2/payments', status: 500, times: 1 }] });
    expect(await screen.findByRole('heading', { name: /Your payments could not be loaded/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the overview' })).toHaveAttribute('href', '/app/dashboard');
    expect(screen.queryByRole('table')).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await readGroups()).toHaveLength(4);
    expect(calls.filter((call) => call === 'GET /api/payment/v2/payments')).toHaveLength(2);
  });

  it('without the payment account the payments are still shown, with no customer number', async () => {
    await renderPayments({ faults: [{ method: 'GET', path: '/api/v2/payment/account/', status: 500, times: 1 }] });
    expect(await readGroups()).toHaveLength(4);
    expect(screen.queryByTestId('payment-account')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('groupPayments', () => {
  const payment = (id: string, dueDate: string, subscriptionNumber: string | null, orderNumber = `A-${id}`): Payment => ({
    id,
    orderNumber,
    subscriptionNumber,
    amount: 63,
    currency: 'EUR',
    dueDate,
    status: 'paid',
    paymentInstrumentType: 'BANKACCOUNT',
  });

  it('groups by subscription (else order) and sorts newest first, whatever order the server answers in', () => {
    const groups = groupPayments([
      payment('1', '2026-01-05', 'S-1', 'A-1'),
      payment('2', '2026-03-05', null, 'A-2'),
      payment('3', '2026-02-05', 'S-1', 'A-1'),
      payment('4', '2026-02-05', 'S-3', 'A-3'),
    ]);
    expect(groups.map((group) => [group.kind, group.number, group.payments.map((p) => p.id)])).toEqual([
      ['order', 'A-2', ['2']],
      ['subscription', 'S-1', ['3', '1']],
      ['subscription', 'S-3', ['4']],
    ]);
  });
});
