import { selectTerminateSubscriptionView } from '#machines/terminate-subscription/terminate-subscription.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideTerminateSubscription } from './terminate-subscription.actors';

/** The terminate-subscription flow of one subscription: its view, and `send` for the screen's events. */
export function useTerminateSubscription(subscriptionId: string) {
  return useFlow(provideTerminateSubscription, { input: { subscriptionId }, select: selectTerminateSubscriptionView });
}
