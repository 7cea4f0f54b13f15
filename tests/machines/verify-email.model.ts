import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { type VerifyEmailInput, verifyEmailMachine } from '#machines/verify-email/verify-email.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The verify-email machine's model (docs/guides/model-based-tests.md): in each state, what the
 * visitor can do and what the API can answer. Five starts: the mail's link signed out and signed in,
 * a link without its token, and the failed page with and without the user_id.
 */

type Machine = typeof verifyEmailMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const userId = 'user-test-1a2b3c4d';
export const token = 'a-token-of-the-mail';

const { done, failed } = actorResults(verifyEmailMachine);
/** The sandbox's answer to a wrong, used or expired token. */
export const invalidToken = new ApiFailure(400, {
  status: 400,
  code: 'invalidToken',
  title: 'The verification link is invalid, used or expired',
  errors: [{ field: 'token', code: 'invalidToken' }],
});
/** No such account (or a deleted one). */
export const notFound = new ApiFailure(404, { status: 404, code: 'notFound', title: 'No such account' });
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const unavailable = new ApiFailure(503, { status: 503, title: 'Service Unavailable' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('verifying')) {
    // Signed out, a link is never the signed-in customer's own; signed in, it is or it is someone else's.
    const answers = snapshot.context.signedIn
      ? [done('verifyEmail', { ownAccount: true }), done('verifyEmail', { ownAccount: false })]
      : [done('verifyEmail', { ownAccount: false })];
    return [
      ...answers,
      failed('verifyEmail', invalidToken),
      failed('verifyEmail', notFound),
      failed('verifyEmail', serverError),
      failed('verifyEmail', offline),
    ];
  }
  if (snapshot.matches('verifyFailed')) return [{ type: 'verify.retry' }];
  if (snapshot.matches('confirmed')) return [{ type: 'session.signIn' }];
  // The failed page without a user_id offers no button; the event is offered anyway, to prove it is refused.
  if (snapshot.matches('linkFailed')) return [{ type: 'link.resend' }];
  if (snapshot.matches('resending'))
    return [done('resendLink', undefined), failed('resendLink', serverError), failed('resendLink', offline), { type: 'link.resend' }];
  return [];
}

/** What decides the next events and what is shown: the state and the error. */
export const serialize = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.error ?? null]);

export const inputs = {
  signedOut: { page: 'verify', userId, token, signedIn: false },
  signedIn: { page: 'verify', userId, token, signedIn: true },
  withoutToken: { page: 'verify', userId, token: undefined, signedIn: false },
  failedPage: { page: 'failed', userId, token: undefined, signedIn: false },
  failedPageWithoutUser: { page: 'failed', userId: undefined, token: undefined, signedIn: false },
} satisfies Record<string, VerifyEmailInput>;

export const machines = Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, withInput(verifyEmailMachine, input)])) as Record<
  keyof typeof inputs,
  Machine
>;

export const verifyEmailModel: MachineModel<Machine> = {
  file: 'machines/verify-email/verify-email.machine.ts',
  machine: verifyEmailMachine,
  variants: (Object.keys(inputs) as (keyof typeof inputs)[]).map((name) => ({ name, machine: machines[name], events: eventsFor, serialize })),
  unreachable: {
    'verifyEmail.start': 'passed through, never rested in: its eventless transitions pick the page at once (all three are taken by the starts above)',
  },
};
