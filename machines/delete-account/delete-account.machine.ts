import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';
import { isTooManyAttempts, retryAtOf } from '#machines/shared/too-many-attempts';

/**
 * Deleting the account, signed in (SPEC.md 2.2, 2.3 Delete account, 4.5, 5.2, 7.5, 8; issue 11
 * item 4).
 *
 * A pre-check (GET /account/check-account-delete) routes either to the password step or to
 * /app/dashboard/account/delete/not-possible (SPEC.md 4.5). On the password step the customer types
 * the password (required, SPEC.md 5.2) and confirms in a destructive dialog; the machine posts the
 * deletion once. `passwordCorrect` false shows `passwordIncorrect` at the field; `success` false or
 * any exception shows `deleteFailed` (SPEC.md 8); the password stays in the form (it passes through
 * this machine in the confirming event and the actor's input, never in its context). After the
 * deletion the session ends in every tab (the session machine's sign-out, whose broadcast reaches
 * the other tabs), then the public page /account-deleted.
 *
 * The machine knows no HTTP, router or text: src/flows/delete-account/delete-account.actors.ts
 * provides the actors and the navigations; the screen maps the codes to messages.
 */

/** The pre-check's answer (the contract's AccountDeleteCheck). */
export interface AccountDeleteCheck {
  canDelete: boolean;
}

/** The deletion's answer (the contract's DeleteAccountResponse). */
export interface DeleteAccountOutcome {
  success: boolean;
  passwordCorrect: boolean;
}

/**
 * What went wrong, as a code the screen translates (machines store codes, never sentences):
 * `checkFailed` (the pre-check could not be made: try again), SPEC.md 8's `passwordIncorrect`
 * and `deleteFailed` (messageKeys.deleteAccount), and `tooManyAttempts` (429 after too many wrong
 * passwords, decision 28: wait until `retryAt`).
 */
export type DeleteAccountErrorCode = 'checkFailed' | 'passwordIncorrect' | 'deleteFailed' | 'tooManyAttempts';

export interface DeleteAccountContext {
  error: DeleteAccountErrorCode | undefined;
  /** After a 429: when the customer may try again (ISO date-time), as the app read it from Retry-After. */
  retryAt: string | undefined;
}

export type DeleteAccountEvent =
  { type: 'check.retry' } | { type: 'deletion.request' } | { type: 'deletion.cancel' } | { type: 'deletion.confirm'; password: string };

export const deleteAccountMachine = setup({
  types: {
    context: {} as DeleteAccountContext,
    events: {} as DeleteAccountEvent,
  },
  actors: {
    /** GET /account/check-account-delete (SPEC.md 4.5, 7.5). */
    checkAccountDelete: fromPromise<AccountDeleteCheck>(async () => {
      throw new Error('checkAccountDelete is provided by the app');
    }),
    /** POST /account/delete (password), SPEC.md 7.5. */
    deleteAccount: fromPromise<DeleteAccountOutcome, { password: string }>(async () => {
      throw new Error('deleteAccount is provided by the app');
    }),
    /** Ends the session in this tab and tells the other tabs (the session machine's sign-out). */
    endSession: fromPromise<void>(async () => {
      throw new Error('endSession is provided by the app');
    }),
  },
  actions: {
    /** Replaces the page with /app/dashboard/account/delete/not-possible; the app implements it with the router. */
    showNotPossiblePage: () => {},
    /** The public page /account-deleted; the app implements it with the router. */
    showDeletedPage: () => {},
  },
  guards: {
    canDelete: (_, params: { check: AccountDeleteCheck }) => params.check.canDelete,
    isPasswordIncorrect: (_, params: { outcome: DeleteAccountOutcome }) => !params.outcome.passwordCorrect,
    isNotDeleted: (_, params: { outcome: DeleteAccountOutcome }) => !params.outcome.success,
    hasProblemCode: failureGuards.hasProblemCode,
    isTooManyAttempts,
  },
}).createMachine({
  id: 'deleteAccount',
  description: 'Deletes the account after a pre-check, the password and a confirmation; then the session ends in every tab (SPEC.md 2.3, 4.5).',
  meta: { spec: 'SPEC.md 2.2, 2.3 Delete account, 4.5, 5.2, 7.5, 8' },
  context: { error: undefined, retryAt: undefined },
  initial: 'checking',
  states: {
    checking: {
      description: 'The pre-check: may this account be deleted?',
      meta: { spec: 'SPEC.md 4.5 (a pre-check routes to the password step or the not-possible page), 7.5 GET /account/check-account-delete' },
      invoke: {
        id: 'checkAccountDelete',
        src: 'checkAccountDelete',
        onDone: [
          {
            description: 'canDelete: the password step.',
            guard: { type: 'canDelete', params: ({ event }) => ({ check: event.output }) },
            target: 'ready',
          },
          { description: 'Not allowed: the not-possible page.', target: 'notPossible' },
        ],
        onError: {
          description: 'Any failure of the pre-check (a 503 goes to /maintenance first).',
          target: 'checkFailed',
          actions: assign({ error: 'checkFailed' }),
        },
      },
    },
    checkFailed: {
      description: 'The pre-check failed: a message with a retry and the way back to the account page.',
      meta: { spec: 'SPEC.md 8 (other errors: not shown)' },
      on: {
        'check.retry': { description: 'Check again.', target: 'checking', actions: assign({ error: undefined }) },
      },
    },
    notPossible: {
      description: 'The account cannot be deleted: /app/dashboard/account/delete/not-possible replaces this page.',
      meta: { spec: 'SPEC.md 2.2 /app/dashboard/account/delete/not-possible, 4.5' },
      type: 'final',
      entry: 'showNotPossiblePage',
    },
    ready: {
      description: 'The password step: what deletion means, the password field; after a failure the message, the password kept in the form.',
      meta: { spec: 'SPEC.md 2.3 Delete account (a password step), 5.2 (a password is required), 8' },
      on: {
        'deletion.request': {
          description: 'The password is typed: ask in a destructive dialog.',
          target: 'confirming',
          actions: assign({ error: undefined, retryAt: undefined }),
        },
      },
    },
    confirming: {
      description: 'The destructive dialog asks to confirm; its focus starts on the safe choice (keep the account).',
      meta: { spec: 'SPEC.md 2.3 Delete account' },
      on: {
        'deletion.confirm': { description: 'Confirmed: post the deletion with the password.', target: 'deleting' },
        'deletion.cancel': { description: 'The customer keeps the account: back to the password step.', target: 'ready' },
      },
    },
    deleting: {
      description: 'Posts the deletion once; the dialog shows it is busy, a second confirmation or a close meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.8 (a loading button ignores clicks), 7.5 POST /account/delete' },
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        // Straight from the event: the password never enters the context.
        input: ({ event }) => ({ password: event.type === 'deletion.confirm' ? event.password : '' }),
        onDone: [
          {
            description: 'passwordCorrect false: passwordIncorrect at the field (SPEC.md 8).',
            guard: { type: 'isPasswordIncorrect', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: assign({ error: 'passwordIncorrect' }),
          },
          {
            description: 'success false: deleteFailed (SPEC.md 8).',
            guard: { type: 'isNotDeleted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'ready',
            actions: assign({ error: 'deleteFailed' }),
          },
          { description: 'Deleted: end the session everywhere.', target: 'signingOut' },
        ],
        onError: [
          {
            description: '429: too many wrong passwords (decision 28); the alert says when to try again, the password stays in the form.',
            guard: { type: 'isTooManyAttempts', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: assign({ error: 'tooManyAttempts', retryAt: ({ event }) => retryAtOf(event.error) }),
          },
          {
            description: 'A problem with the code passwordIncorrect: the same message at the field.',
            guard: { type: 'hasProblemCode', params: ({ event }) => ({ error: event.error, code: 'passwordIncorrect' }) },
            target: 'ready',
            actions: assign({ error: 'passwordIncorrect' }),
          },
          {
            description: 'An exception (a 500, no answer; a 503 goes to /maintenance first): deleteFailed (SPEC.md 8).',
            target: 'ready',
            actions: assign({ error: 'deleteFailed' }),
          },
        ],
      },
    },
    signingOut: {
      description: 'The account is deleted: the session ends in this tab and, by its broadcast, in every other tab.',
      meta: { spec: 'SPEC.md 6 (logout), 7.5 POST /api/v2/auth/authorization/logout' },
      invoke: {
        id: 'endSession',
        src: 'endSession',
        onDone: { description: 'Signed out everywhere.', target: 'done' },
        onError: { description: 'The server cleared the session cookies with the deletion already: go on all the same.', target: 'done' },
      },
    },
    done: {
      description: 'The account is deleted: the public page /account-deleted with the way to the start page.',
      meta: { spec: 'SPEC.md 2.3 Delete account (then a success page)' },
      type: 'final',
      entry: 'showDeletedPage',
    },
  },
});
