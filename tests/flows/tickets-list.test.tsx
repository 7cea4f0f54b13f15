import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

import type { BulkTestCustomer } from '#sandbox/seed/test-customers';
import { TicketsList, ticketsPageSize } from '#src/flows/tickets/tickets-list';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * "My tickets" of a customer with many orders (issue 14) over the in-process sandbox: the first 20
 * (the current ones first), then 20 more on each "Show more", the focus on the first new entry;
 * only the entries shown read their subscription and payment method.
 */
async function renderList(orders: number, locale: 'en-US' | 'de-DE' = 'en-US') {
  const setup = await sandboxApi();
  const customer = (await setup.client.post('/__sandbox/customers', { json: { orders }, unchecked: true })).body as BulkTestCustomer;
  await setup.client.signInAs(customer.email);
  await renderInRouter(setup, () => <TicketsList />, { path: '/app/dashboard/tickets', locale });
  await screen.findAllByTestId('order-item');
  return setup;
}

// The paint the list waits for before its entries read their details: at once (a task), or held
// by a test until it lets it happen.
const paint = vi.hoisted(() => ({ held: undefined as (() => void)[] | undefined }));
vi.mock('#src/ui/after-next-paint', () => ({
  afterNextPaint: (callback: () => void) => {
    if (paint.held) {
      paint.held.push(callback);
      return () => undefined;
    }
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  },
}));

const items = () => screen.getAllByTestId('order-item');
const statuses = () => items().map((item) => item.querySelector('[data-status]')?.getAttribute('data-status'));

describe('My tickets with many orders', () => {
  it('titles an entry Subscription only for a fulfilled or terminated order and every other raw status Order (SPEC.md 4.3), a revoked one with a subscription too', async () => {
    const { api } = await renderList(20);
    const raw = (await api.GET('/api/v2/order/orders')).data ?? [];
    const rawByNumber = new Map(raw.map((order) => [order.order_number, order]));
    // The mix has every kind the rule tells apart, a revoked order that has a subscription among them.
    expect(new Set(raw.map((order) => order.order_status))).toEqual(
      new Set(['fulfilled', 'terminated', 'inprogress', 'submitted', 'approved', 'revoked', 'rejected']),
    );
    expect(raw.some((order) => order.order_status === 'revoked' && order.subscription_id)).toBe(true);
    for (const item of items()) {
      const order = rawByNumber.get(item.getAttribute('data-order')!)!;
      const type = order.order_status === 'fulfilled' || order.order_status === 'terminated' ? 'Subscription' : 'Order';
      expect(within(item).getByRole('heading', { level: 2 })).toHaveTextContent(`${type} ${order.order_number}`);
    }
  });

  it('shows the first 20, the active ones first, and offers the next 20 until all are shown; the focus goes to the first new one', async () => {
    const user = userEvent.setup();
    const { calls } = await renderList(45);
    expect(ticketsPageSize).toBe(20);
    expect(items()).toHaveLength(20);
    expect(statuses()[0]).toBe('active');
    expect(screen.getByTestId('tickets-shown')).toHaveTextContent('Showing 20 of 45');
    // Only the entries shown read their payment method.
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    expect(calls.filter((call) => call.includes('/user-payment-instruments/'))).toHaveLength(20);

    const secondNumber = items()[20 - 1]!.getAttribute('data-order');
    await user.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(items()).toHaveLength(40);
    expect(items()[19]!.getAttribute('data-order')).toBe(secondNumber);
    await waitFor(() => expect(document.activeElement).toBe(within(items()[20]!).getByRole('heading', { level: 2 })));
    expect(screen.getByTestId('tickets-shown')).toHaveTextContent('Showing 40 of 45');

    // The keyboard reaches the button from there, and Enter shows the last five.
    await act(() => screen.getByRole('button', { name: 'Show 5 more' }).focus());
    await user.keyboard('{Enter}');
    expect(items()).toHaveLength(45);
    await waitFor(() => expect(document.activeElement).toBe(within(items()[40]!).getByRole('heading', { level: 2 })));
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    expect(screen.queryByTestId('tickets-shown')).toBeNull();
    // Every order once, sorted active, ordered, canceled, revoked.
    expect(new Set(items().map((item) => item.getAttribute('data-order'))).size).toBe(45);
    const rank = { active: 0, ordered: 1, canceled: 2, revoked: 3 } as Record<string, number>;
    const ranks = statuses().map((status) => rank[status ?? ''] ?? -1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('shows the entries before they read their subscription and payment method, which they read once it has painted', async () => {
    paint.held = [];
    try {
      const { calls } = await renderList(25);
      const details = () => calls.filter((call) => /\/user-payment-instruments\/|\/subscriptions\//.test(call));
      expect(items()).toHaveLength(20);
      expect(within(items()[0]!).getByText('Loading…')).toBeInTheDocument();
      expect(details()).toEqual([]);
      expect(paint.held.length).toBeGreaterThan(0);

      await act(() => paint.held!.splice(0).forEach((callback) => callback()));
      await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
      expect(details().filter((call) => call.includes('/user-payment-instruments/'))).toHaveLength(20);
      expect(details().filter((call) => call.includes('/subscriptions/')).length).toBeGreaterThan(0);
    } finally {
      paint.held = undefined;
    }
  });

  it('says it in German too', async () => {
    await renderList(23, 'de-DE');
    expect(items()).toHaveLength(20);
    expect(screen.getByTestId('tickets-shown')).toHaveTextContent('20 von 23 angezeigt');
    expect(screen.getByRole('button', { name: '3 weitere anzeigen' })).toBeInTheDocument();
  });

  it('a list of 20 or fewer has no button', async () => {
    await renderList(20);
    expect(items()).toHaveLength(20);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
