import { selectCancelContractView } from '#machines/cancel-contract/cancel-contract.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideCancelContract } from './cancel-contract.actors';

/** The cancel-contract flow: its view, and `send` for the screen's events. */
export function useCancelContract() {
  return useFlow(provideCancelContract, { select: selectCancelContractView });
}
