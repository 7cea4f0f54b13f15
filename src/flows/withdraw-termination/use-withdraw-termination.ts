import { selectWithdrawTerminationView } from '#machines/withdraw-termination/withdraw-termination.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideWithdrawTermination } from './withdraw-termination.actors';

/** The withdraw-termination flow of one subscription: its view, and `send` for the screen's events. */
export function useWithdrawTermination(subscriptionId: string) {
  return useFlow(provideWithdrawTermination, { input: { subscriptionId }, select: selectWithdrawTerminationView });
}
