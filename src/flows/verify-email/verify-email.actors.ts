import { fromPromise } from 'xstate';

import { type VerifiedLink, verifyEmailMachine } from '#machines/verify-email/verify-email.machine';
import { userInfoQuery } from '#src/api/queries/account';
import { dataOf } from '#src/api/failure';
import type { FlowServices } from '#src/flows/use-flow';

/**
 * The link's checks in flight, by user_id and token. React's StrictMode (development) stops and
 * restarts a mounted flow, which starts the invoked call a second time; sharing the check in flight
 * sends the link once, so the second call cannot find it used. A retry after the check ended sends
 * it again.
 */
const checksInFlight = new Map<string, Promise<void>>();

function onceInFlight(key: string, check: () => Promise<void>): Promise<void> {
  const running = checksInFlight.get(key);
  if (running) return running;
  const started = check().finally(() => checksInFlight.delete(key));
  checksInFlight.set(key, started);
  return started;
}

/**
 * The verify-email machine with the app's actors and actions: the two calls through the typed
 * client (a failed call rejects with an ApiFailure the machine's guards read), the navigation
 * through the router, the sign-in through the session actor.
 */
export function provideVerifyEmail({ api, queries, queryClient, session, navigate }: FlowServices) {
  return verifyEmailMachine.provide({
    actors: {
      verifyEmail: fromPromise<VerifiedLink, { userId: string; token: string; signedIn: boolean }>(async ({ input }) => {
        await onceInFlight(`${input.userId}\n${input.token}`, async () => {
          dataOf(await api.GET('/account/verify-email', { params: { query: { user_id: input.userId, token: input.token } } }));
          // The address is confirmed: every screen reading the user-info (My data's badge) reads it again.
          await queryClient.invalidateQueries({ queryKey: userInfoQuery(queries).queryKey });
        });
        if (!input.signedIn) return { ownAccount: false };
        // Signed in as the link's customer, or as someone else (then the success page, not their My data).
        const user = await queryClient.fetchQuery(userInfoQuery(queries)).catch(() => undefined);
        return { ownAccount: user?.sub === input.userId };
      }),
      resendLink: fromPromise<void, { userId: string }>(async ({ input }) => {
        dataOf(await api.POST('/account/resend-email-confirmation-link', { body: { user_id: input.userId } }));
      }),
    },
    actions: {
      showFailedPage: (_, { userId }) => void navigate({ to: '/actions/verify-email/failed', search: userId ? { user_id: userId } : {}, replace: true }),
      showConfirmedNotice: () => void navigate({ to: '/app/dashboard/account', search: { notice: 'emailVerified' }, replace: true }),
      startSignIn: () => session.send({ type: 'session.signIn', returnTo: '/app/dashboard' }),
    },
  });
}
