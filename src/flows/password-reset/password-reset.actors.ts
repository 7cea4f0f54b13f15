import { fromPromise } from 'xstate';

import { passwordResetMachine, type ResetLink } from '#machines/password-reset/password-reset.machine';
import { type CallResult, dataOf } from '#src/api/failure';
import type { FlowServices } from '#src/flows/use-flow';

/**
 * The password-reset machine with the app's actors (SPEC.md 7.5) and the one browser effect it
 * names: once the mailed link was read, the page's address loses `user_id` and `token` (replaced,
 * so history does not keep them either).
 *
 * Both calls are public and state-changing, so they need the CSRF cookie, which the API hands any
 * browser on its first answer. A visitor who comes straight from the mail may have none yet: a 403
 * `invalidCsrfToken` is answered by one public GET (which sets the cookie) and the call once more,
 * so that case never shows as SPEC.md 8's `requestStep.error403`.
 */
export function providePasswordReset({ api, navigate }: FlowServices) {
  const withCsrf = async <T>(call: () => Promise<CallResult<T>>): Promise<T> => {
    const first = await call();
    if (first.response.status !== 403 || !isCsrfRefusal(first.error)) return dataOf(first);
    await api.GET('/api/v1/order/countries', { params: { query: { enabled: true } } });
    return dataOf(await call());
  };
  return passwordResetMachine.provide({
    actors: {
      sendResetLink: fromPromise<void, { email: string }>(async ({ input }) => {
        await withCsrf(() => api.POST('/account/send-password-reset-code', { body: { email: input.email } }));
      }),
      resetPassword: fromPromise<void, { link: ResetLink; password: string }>(async ({ input }) => {
        await withCsrf(() =>
          api.POST('/account/reset-password', { body: { user_id: input.link.userId, token: input.link.token, new_password: input.password } }),
        );
      }),
    },
    actions: {
      hideLinkFromAddressBar: () => void navigate({ to: '/password-reset', search: {}, replace: true }),
    },
  });
}

function isCsrfRefusal(problem: unknown): boolean {
  return typeof problem === 'object' && problem !== null && (problem as { code?: unknown }).code === 'invalidCsrfToken';
}
