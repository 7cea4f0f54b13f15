import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';

import { seededOrders } from '#sandbox/seed/ids';
import { SubscriptionDetailsScreen } from '#src/flows/tickets/subscription-details-screen';
import { TicketsList } from '#src/flows/tickets/tickets-list';
import { sandboxApi } from '../support/sandbox-api';
import { renderInRouter } from '../support/render-in-router';

/**
 * My tickets and the subscription details when their first read fails (issue 30, item 7): each
 * says so and offers "Try again", which loads the page. The fault answers one call only.
 */
async function renderWithFault(path: string, screenOf: () => ReactElement, page: string) {
  const { api, queries, queryClient, client } = await sandboxApi({ signedInAs: 'deuti@example.com' });
  await client.post('/__sandbox/faults', { json: { method: 'GET', path, status: 500, times: 1 } });
  await renderInRouter({ api, queries, queryClient }, screenOf, { path: page });
}

const tryAgain = async () => act(async () => screen.getByRole('button', { name: 'Try again' }).click());

describe('a failed load of', () => {
  it('My tickets offers to try again, which shows the tickets', async () => {
    await renderWithFault('/api/v2/order/orders', () => <TicketsList />, '/app/dashboard/tickets');
    expect(await screen.findByRole('heading', { name: /Your tickets cannot be loaded/ })).toBeInTheDocument();
    await tryAgain();
    expect((await screen.findAllByTestId('order-item')).length).toBeGreaterThan(0);
  });

  it('the subscription details offers to try again, which shows the subscription', async () => {
    const { subscriptionId, subscriptionNumber } = seededOrders.deutiActive;
    await renderWithFault(
      `/api/v2/subscription/subscriptions/${subscriptionId}/details`,
      () => <SubscriptionDetailsScreen subscriptionId={subscriptionId} />,
      `/app/dashboard/subscription/${subscriptionId}/details`,
    );
    expect(await screen.findByRole('heading', { name: /Your subscription could not be loaded/ })).toBeInTheDocument();
    await tryAgain();
    expect(await screen.findByText(subscriptionNumber)).toBeInTheDocument();
  });

  it('an unknown subscription offers no retry: there is nothing to load', async () => {
    const { api, queries, queryClient } = await sandboxApi({ signedInAs: 'deuti@example.com' });
    await renderInRouter({ api, queries, queryClient }, () => <SubscriptionDetailsScreen subscriptionId="sub-none" />);
    expect(await screen.findByRole('heading', { name: /This subscription does not exist/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
