// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';

import { createApiClient } from '#src/api/client';
import { createQueries, pathKey } from '#src/api/queries';
import { anyOrderKey, anyOrderTravelerKey, orderQuery, ordersQuery, orderTravelerQuery } from '#src/api/queries/orders';
import {
  anySubscriptionDetailsKey,
  anySubscriptionKey,
  anySubscriptionTravelerKey,
  anyTicketKey,
  subscriptionDetailsQuery,
  subscriptionQuery,
  subscriptionTravelerQuery,
  ticketQuery,
} from '#src/api/queries/subscriptions';

/**
 * The query options live in src/api/queries/<area>.ts; a flow that invalidates every id of a read
 * (the contact edit) uses the area's key function. Each must match its read's entries whatever the
 * id, and nothing of another read.
 */
const queries = createQueries(createApiClient({ baseUrl: 'https://api.example.com', onMaintenance: () => undefined, readCookies: () => '' }));

/** Whether invalidating `key` marks the cache entry of `options` stale. */
async function invalidates(key: readonly unknown[], options: { queryKey: readonly unknown[] }): Promise<boolean> {
  const client = new QueryClient();
  client.setQueryData(options.queryKey, { cached: true });
  await client.invalidateQueries({ queryKey: key, refetchType: 'none' });
  return client.getQueryState(options.queryKey)?.isInvalidated ?? false;
}

describe('query keys of an API area', () => {
  it('pathKey is the start of every key of its path, with or without parameters', () => {
    expect(pathKey('/api/v2/order/orders')).toEqual(ordersQuery(queries).queryKey);
    expect(orderQuery(queries, 'o-1').queryKey.slice(0, 2)).toEqual(pathKey('/api/v3/order/orders/{id}'));
  });

  it.each([
    ['anyOrderKey', anyOrderKey, (id: string) => orderQuery(queries, id)],
    ['anyOrderTravelerKey', anyOrderTravelerKey, (id: string) => orderTravelerQuery(queries, id)],
    ['anySubscriptionKey', anySubscriptionKey, (id: string) => subscriptionQuery(queries, id)],
    ['anySubscriptionDetailsKey', anySubscriptionDetailsKey, (id: string) => subscriptionDetailsQuery(queries, id)],
    ['anySubscriptionTravelerKey', anySubscriptionTravelerKey, (id: string) => subscriptionTravelerQuery(queries, id)],
    ['anyTicketKey', anyTicketKey, (id: string) => ticketQuery(queries, id)],
  ] as const)('%s invalidates its read of any id, and no other read', async (_, anyKey, read) => {
    expect(await invalidates(anyKey(), read('first'))).toBe(true);
    expect(await invalidates(anyKey(), read('second'))).toBe(true);
    expect(await invalidates(anyKey(), ordersQuery(queries))).toBe(false);
  });
});
