import { selectDeleteAccountView } from '#machines/delete-account/delete-account.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideDeleteAccount } from './delete-account.actors';

/** The delete-account flow: its view, and `send` for the screen's events. */
export function useDeleteAccount() {
  return useFlow(provideDeleteAccount, { select: selectDeleteAccountView });
}
