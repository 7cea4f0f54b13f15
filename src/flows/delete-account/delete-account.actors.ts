import { fromPromise, waitFor } from 'xstate';

import { type AccountDeleteCheck, deleteAccountMachine, type DeleteAccountOutcome } from '#machines/delete-account/delete-account.machine';
import { dataOf } from '#src/api/failure';
import { dataWithRetryAt } from '#src/api/retry-at';
import type { FlowServices } from '#src/flows/use-flow';

/** How long the sign-out after a deletion may take before the success page is shown all the same. */
const signOutTimeoutMs = 10_000;

/**
 * The delete-account machine with the app's actors and navigations: the pre-check and the deletion
 * through the typed client (a non-2xx answer rejects with an ApiFailure, a 429 with its `retryAt`), and the end of the
 * session through the session machine's sign-out, the same as the Logout button: it revokes what
 * is left on the server (the deletion cleared the cookies already; logout works without a session),
 * forgets the shared expiry and tells the other tabs, which then show that the session ended.
 */
export function provideDeleteAccount({ api, session, queryClient, navigate }: FlowServices) {
  return deleteAccountMachine.provide({
    actors: {
      checkAccountDelete: fromPromise<AccountDeleteCheck>(async () => {
        const check = dataOf(await api.GET('/account/check-account-delete'));
        return { canDelete: check.canDelete };
      }),
      deleteAccount: fromPromise<DeleteAccountOutcome, { password: string }>(async ({ input }) => {
        const outcome = dataWithRetryAt(await api.POST('/account/delete', { body: { password: input.password } }));
        return { success: outcome.success, passwordCorrect: outcome.passwordCorrect };
      }),
      endSession: fromPromise<void>(async () => {
        session.send({ type: 'session.signOut' });
        await waitFor(session, (state) => state.matches('signedOut') || state.matches('failed'), { timeout: signOutTimeoutMs });
        // Nothing of the deleted account stays in this tab's cache.
        queryClient.clear();
      }),
    },
    actions: {
      showNotPossiblePage: () => void navigate({ to: '/app/dashboard/account/delete/not-possible', replace: true }),
      showDeletedPage: () => void navigate({ to: '/account-deleted', replace: true }),
    },
  });
}
