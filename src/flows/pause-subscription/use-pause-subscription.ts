import { selectPauseSubscriptionView } from '#machines/pause-subscription/pause-subscription.selectors';
import { useFlow } from '#src/flows/use-flow';
import { providePauseSubscription } from './pause-subscription.actors';

/** The pause flow of one subscription: its view, and `send` for the screen's events. */
export function usePauseSubscription(subscriptionId: string) {
  return useFlow(providePauseSubscription, { input: { subscriptionId }, select: selectPauseSubscriptionView });
}
