import { fromPromise } from 'xstate';

import { changePasswordMachine, type PasswordChange } from '#machines/change-password/change-password.machine';
import { dataWithRetryAt } from '#src/api/retry-at';
import type { FlowServices } from '#src/flows/use-flow';

/**
 * The change-password machine with the app's actor and navigation: POST /account/new-password
 * through the typed client; a failure rejects with an ApiFailure (src/api/failure.ts) whose code
 * (`passwordIncorrect`) or field errors the machine's guards read, a 429 also its `retryAt`. The passwords go from the
 * actor's input into the request body and nowhere else.
 */
export function provideChangePassword({ api, navigate }: FlowServices) {
  return changePasswordMachine.provide({
    actors: {
      changePassword: fromPromise<void, PasswordChange>(async ({ input }) => {
        dataWithRetryAt(await api.POST('/account/new-password', { body: { old_password: input.oldPassword, new_password: input.newPassword } }));
      }),
    },
    actions: {
      showAccountPage: () => void navigate({ to: '/app/dashboard/account', search: { notice: 'passwordChanged' }, replace: true }),
    },
  });
}
