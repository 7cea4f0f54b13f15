import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { subscriptionDetailsQuery } from '#src/api/queries/subscriptions';

/**
 * The subscription's number for a page heading ("End subscription S-A100001"), from the details
 * the route's loader put into the cache; undefined until they are there or when they failed (the
 * heading then names no number).
 */
export function useSubscriptionNumber(subscriptionId: string): string | undefined {
  const { queries } = useRouteContext({ from: '__root__' });
  return useQuery(subscriptionDetailsQuery(queries, subscriptionId)).data?.subscriptionNumber;
}
