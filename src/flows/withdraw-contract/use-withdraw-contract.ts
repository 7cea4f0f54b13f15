import { selectWithdrawContractView } from '#machines/withdraw-contract/withdraw-contract.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideWithdrawContract } from './withdraw-contract.actors';

/** The withdraw-contract flow of one subscription: its view, and `send` for the screen's events. */
export function useWithdrawContract(subscriptionId: string) {
  return useFlow(provideWithdrawContract, { input: { subscriptionId }, select: selectWithdrawContractView });
}
