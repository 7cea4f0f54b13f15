import { fromPromise } from 'xstate';

import { changeEmailMachine, type EmailChangeCheck } from '#machines/change-email/change-email.machine';
import { userInfoQuery } from '#src/api/queries/account';
import { dataOf } from '#src/api/failure';
import { dataWithRetryAt } from '#src/api/retry-at';
import type { FlowServices } from '#src/flows/use-flow';

/** Where the flow ends (SPEC.md 2.2): the tickets page, with the confirmation at its top. */
export const ticketsAfterEmailChange = { to: '/app/dashboard/tickets', search: { notice: 'emailChanged' }, replace: true } as const;

/**
 * The change-email machine with the app's actors and actions: the pre-check is asked anew on every
 * visit (it must be current), the current address comes from the one user-info cache entry
 * (`userInfoQuery`), writes go through the typed client with `dataWithRetryAt`, so a failure rejects with an
 * ApiFailure whose status and field errors the machine's guards read (a 429 with its `retryAt`). After the change, the
 * user-info entry takes the new address at once (the tickets page's notice and the account page read
 * it) and is read again.
 */
export function provideChangeEmail({ api, queries, queryClient, navigate }: FlowServices) {
  const userInfo = userInfoQuery(queries);
  return changeEmailMachine.provide({
    actors: {
      checkCanChangeEmail: fromPromise<EmailChangeCheck>(async () => {
        const [check, user] = await Promise.all([api.GET('/account/check-can-change-email').then(dataOf), queryClient.fetchQuery(userInfo)]);
        return { canChangeEmail: check.canChangeEmail, currentEmail: user.email };
      }),
      sendCode: fromPromise<void, { newEmail: string }>(async ({ input }) => {
        dataWithRetryAt(await api.POST('/account/send-change-email-code', { body: { new_email: input.newEmail } }));
      }),
      changeEmail: fromPromise<void, { newEmail: string; code: string }>(async ({ input }) => {
        dataWithRetryAt(await api.POST('/account/change-email', { body: { new_email: input.newEmail, code: input.code } }));
        // The code reached the new address, so it is verified (sandbox/handlers/account.ts changeEmail).
        queryClient.setQueryData(userInfo.queryKey, (current) => (current ? { ...current, email: input.newEmail, email_verified: true } : current));
        void queryClient.invalidateQueries({ queryKey: userInfo.queryKey });
      }),
    },
    actions: {
      showTicketsPage: () => void navigate(ticketsAfterEmailChange),
    },
  });
}
