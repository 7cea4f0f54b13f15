import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';
import { isTooManyAttempts, retryAtOf } from '#machines/shared/too-many-attempts';
import { failureOf, type FieldFailure } from '#src/domain/failure';

/**
 * Changing the password, signed in (SPEC.md 2.3 Change password, 5.2, 7.5 POST
 * /account/new-password, 8; issue 11 item 3).
 *
 * The customer types the old password and the new one twice (the form checks SPEC.md 5.2's rules as
 * they type); the machine posts the change once. A wrong old password comes back as the problem
 * code `passwordIncorrect` at the old password's field; a new password the server refuses comes
 * back with its broken rules at the new password's field; anything else is `changeFailed`. In every
 * failure the form keeps what was typed: the passwords live in the form only and pass through this
 * machine in the event and the actor's input, never in its context (nothing typed is stored). On
 * success the customer goes back to the account page with a notice and stays signed in (the server
 * ends the other browsers' sessions, not this one).
 *
 * The machine knows no HTTP, router or text: src/flows/change-password/change-password.actors.ts
 * provides the actor and `showAccountPage`; the screen maps the codes to messages.
 */

/** What the customer sends: the validated form (valibot's output of changePasswordSchema, without the repetition). */
export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/**
 * What went wrong, as a code the screen translates (machines store codes, never sentences):
 * `passwordIncorrect` (SPEC.md 8's key: the old password is wrong), `passwordRejected` (the server
 * refused the new password: its rules are at the field), `tooManyAttempts` (429 after too many wrong
 * old passwords, decision 28: wait until `retryAt`), `changeFailed` (anything else: try again).
 */
export type ChangePasswordErrorCode = 'passwordIncorrect' | 'passwordRejected' | 'tooManyAttempts' | 'changeFailed';

/** A code at a field of the form: `oldPassword` or `password` (the new one). */
export interface ChangePasswordFieldError {
  field: 'oldPassword' | 'password';
  code: string;
}

export interface ChangePasswordContext {
  error: ChangePasswordErrorCode | undefined;
  /** The server's codes by form field (codes only, never a password). */
  fieldErrors: readonly ChangePasswordFieldError[];
  /** After a 429: when the customer may try again (ISO date-time), as the app read it from Retry-After. */
  retryAt: string | undefined;
}

export type ChangePasswordEvent = { type: 'password.change'; change: PasswordChange };

const noFieldErrors: readonly ChangePasswordFieldError[] = [];

/** The contract's field names (old_password, new_password) as the form's. */
const formFieldOf: Record<string, ChangePasswordFieldError['field']> = { old_password: 'oldPassword', new_password: 'password' };

/** The server's field errors of a refused change, at the form's fields (others are dropped). */
export function changePasswordFieldErrors(fields: readonly FieldFailure[]): readonly ChangePasswordFieldError[] {
  const mapped = fields.flatMap((item) => {
    const field = formFieldOf[item.field.split('.').at(-1) ?? item.field];
    return field ? [{ field, code: item.code }] : [];
  });
  return mapped.length === 0 ? noFieldErrors : mapped;
}

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    /** POST /account/new-password (old_password, new_password), SPEC.md 7.5. */
    changePassword: fromPromise<void, PasswordChange>(async () => {
      throw new Error('changePassword is provided by the app');
    }),
  },
  actions: {
    /** Back to the account page with the notice that the password was changed; the app implements it with the router. */
    showAccountPage: () => {},
  },
  guards: {
    hasProblemCode: failureGuards.hasProblemCode,
    isTooManyAttempts,
    /** 400 naming fields: the new password broke a rule the server checks. */
    hasFieldErrors: (_, params: { error: unknown }) =>
      failureGuards.isBadRequest(_, params) && changePasswordFieldErrors(failureOf(params.error).fieldErrors).length > 0,
  },
}).createMachine({
  id: 'changePassword',
  description: 'Changes the password with the old one and a new one that follows SPEC.md 5.2; the customer stays signed in (SPEC.md 2.3).',
  meta: { spec: 'SPEC.md 2.3 Change password, 5.2, 7.5, 8' },
  context: { error: undefined, fieldErrors: noFieldErrors, retryAt: undefined },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: old password, new password with its live rules, the repetition; after a failure it shows why and keeps what was typed.',
      meta: { spec: 'SPEC.md 5.2 Password, repeatPassword, old password' },
      on: {
        'password.change': {
          description: 'The validated form: send the change.',
          target: 'changing',
          actions: assign({ error: undefined, fieldErrors: noFieldErrors, retryAt: undefined }),
        },
      },
    },
    changing: {
      description: 'Posts the change once; a second submit meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.8 (a loading button ignores clicks), 7.5 POST /account/new-password' },
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        // Straight from the event: the passwords never enter the context.
        input: ({ event }) => (event.type === 'password.change' ? event.change : { oldPassword: '', newPassword: '' }),
        onDone: { description: 'Changed: back to the account page with the notice.', target: 'done' },
        onError: [
          {
            description: '429: too many wrong old passwords (decision 28); the alert says when to try again, the form keeps what was typed.',
            guard: { type: 'isTooManyAttempts', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ error: 'tooManyAttempts', retryAt: ({ event }) => retryAtOf(event.error) }),
          },
          {
            description: '400 passwordIncorrect: the old password is wrong; the message at its field (SPEC.md 8 passwordIncorrect).',
            guard: { type: 'hasProblemCode', params: ({ event }) => ({ error: event.error, code: 'passwordIncorrect' }) },
            target: 'editing',
            actions: assign({ error: 'passwordIncorrect', fieldErrors: [{ field: 'oldPassword', code: 'passwordIncorrect' }] }),
          },
          {
            description: '400 naming the new password: its broken rules at its field (SPEC.md 5.2).',
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ error: 'passwordRejected', fieldErrors: ({ event }) => changePasswordFieldErrors(failureOf(event.error).fieldErrors) }),
          },
          {
            description: 'Any other failure (a 500, no answer; a 503 goes to /maintenance first): the alert, the form keeps what was typed.',
            target: 'editing',
            actions: assign({ error: 'changeFailed' }),
          },
        ],
      },
    },
    done: {
      description: 'Changed: the account page with the confirmation notice; the customer stays signed in.',
      meta: { spec: 'SPEC.md 2.2 /app/dashboard/account' },
      type: 'final',
      entry: 'showAccountPage',
    },
  },
});
