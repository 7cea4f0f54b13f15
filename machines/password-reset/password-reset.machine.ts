import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';

/**
 * The password reset (SPEC.md 2.3, 4.5: request, sent, reset, success; SPEC.md 8): public, at
 * /password-reset, linked from the sign-in page ("Passwort vergessen?") and from the reset mail.
 *
 * Without a link the customer asks for one: an email address goes to POST
 * /account/send-password-reset-code, whose answer is the same whether the address has an account or
 * not, so the sent step says "if an account exists"; a resend is offered after a short cooldown.
 * With the mailed link (`user_id`, `token`) the customer sets a new password (SPEC.md 5.2) with POST
 * /account/reset-password; an invalid, used or expired link ends on `passwordInput.errorInvalid`
 * with the way to ask for a new one. A failure keeps what was typed (the form stays) and says so.
 *
 * The machine knows no HTTP, router or text: src/flows/password-reset/password-reset.actors.ts
 * provides the actors and `hideLinkFromAddressBar`; the screen maps the codes to messages. The new
 * password lives in the context only while it is sent, never in any storage.
 */

/** The mailed link's query: whose password, and the one-time token. */
export interface ResetLink {
  userId: string;
  token: string;
}

export interface PasswordResetInput {
  /** The link's query when the page was opened from the mail; undefined for the request step. */
  link: ResetLink | undefined;
}

/**
 * What went wrong, as a code the screen translates. SPEC.md 8's keys: `requestStep.error403` (the
 * request was refused), `passwordInput.errorInvalid` (the link is invalid, used or expired). Ours:
 * `requestStep.error` (the request got no answer or a server error: try again), `resetFailed`
 * (the new password got no answer or a server error: try again, the link is still good).
 */
export type PasswordResetErrorCode = 'requestStep.error403' | 'requestStep.error' | 'passwordInput.errorInvalid' | 'resetFailed';

export interface PasswordResetContext {
  link: ResetLink | undefined;
  /** The address asked for (trimmed); kept after a failure and shown on the sent step. */
  email: string;
  /** The new password, only while it is sent (cleared when the answer comes). */
  newPassword: string | undefined;
  /** Another link went out from the sent step (the screen says so). */
  resent: boolean;
  error: PasswordResetErrorCode | undefined;
}

export type PasswordResetEvent =
  | { type: 'link.request'; email: string }
  | { type: 'link.resend' }
  | { type: 'email.edit' }
  | { type: 'password.submit'; password: string }
  | { type: 'link.requestNew' };

/** How long the resend button waits after a link went out. */
export const resendCooldownMs = 30_000;

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    /** POST /account/send-password-reset-code (SPEC.md 7.5): 202 whether or not the address has an account. */
    sendResetLink: fromPromise<void, { email: string }>(async () => {
      throw new Error('sendResetLink is provided by the app');
    }),
    /** POST /account/reset-password (SPEC.md 7.5): the link's user_id and token with the new password. */
    resetPassword: fromPromise<void, { link: ResetLink; password: string }>(async () => {
      throw new Error('resetPassword is provided by the app');
    }),
  },
  actions: {
    /** The token leaves the address bar once it was read (the app replaces the URL). */
    hideLinkFromAddressBar: () => {},
  },
  guards: {
    isForbidden: failureGuards.isForbidden,
    isTransient: failureGuards.isTransient,
    hasLink: ({ context }) => context.link !== undefined,
  },
  delays: {
    resendCooldown: resendCooldownMs,
  },
}).createMachine({
  id: 'passwordReset',
  description: 'Resets a forgotten password: request a link by email, follow it, set a new password, sign in (SPEC.md 2.3, 4.5).',
  meta: { spec: 'SPEC.md 2.3, 4.5, 5.2, 7.5, 8' },
  context: ({ input }) => ({ link: input.link, email: '', newPassword: undefined, resent: false, error: undefined }),
  initial: 'start',
  states: {
    start: {
      description: 'Opened with the mailed link: the new password; without: the request for a link.',
      meta: { spec: 'SPEC.md 2.2: the reset-password page reads user_id and token from the query' },
      always: [
        {
          description: 'The link was read: hide it from the address bar and ask for the new password.',
          guard: 'hasLink',
          target: 'reset',
          actions: 'hideLinkFromAddressBar',
        },
        { description: 'No link: ask for the address to send one to.', target: 'request' },
      ],
    },
    request: {
      description: 'The email address (validated on blur); after a failure it shows the error and keeps the address.',
      meta: { spec: 'SPEC.md 4.5 request; 5.2 Email' },
      on: {
        'link.request': {
          description: 'The validated address: ask for a link.',
          target: 'requesting',
          actions: assign({ email: ({ event }) => event.email, error: undefined }),
        },
      },
    },
    requesting: {
      description: 'Asks for the link once; a second submit meanwhile is ignored.',
      meta: { spec: 'SPEC.md 7.5 POST /account/send-password-reset-code' },
      invoke: {
        id: 'sendResetLink',
        src: 'sendResetLink',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          description: 'Accepted (the same answer whether or not the address has an account): sent.',
          target: 'sent',
          actions: assign({ resent: false }),
        },
        onError: [
          {
            description: '403: the reset is refused (SPEC.md 8 requestStep.error403); the address stays.',
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'request',
            actions: assign({ error: 'requestStep.error403' }),
          },
          { description: 'Any other failure: the form again with the address; try again.', target: 'request', actions: assign({ error: 'requestStep.error' }) },
        ],
      },
    },
    sent: {
      description: 'Says a link was sent if an account exists for the address; another one can be asked for after a short wait.',
      meta: { spec: 'SPEC.md 2.3 sent (with a resend option), 4.5' },
      initial: 'coolingDown',
      on: {
        'email.edit': {
          description: 'Another address: the request form again, filled in.',
          target: 'request',
          actions: assign({ error: undefined, resent: false }),
        },
      },
      states: {
        coolingDown: {
          description: 'A link just went out: the resend button waits a moment.',
          meta: { spec: 'SPEC.md 2.3 resend option; issue 11: a short cooldown' },
          after: {
            resendCooldown: { description: 'The wait is over: resending is possible.', target: 'ready' },
          },
        },
        ready: {
          description: 'The resend button works; after a failed resend it shows the error.',
          meta: { spec: 'SPEC.md 2.3 resend option' },
          on: {
            'link.resend': { description: 'Send another link to the same address.', target: 'resending', actions: assign({ error: undefined }) },
          },
        },
        resending: {
          description: 'Sends another link once; a second press meanwhile is ignored.',
          meta: { spec: 'SPEC.md 7.5 POST /account/send-password-reset-code' },
          invoke: {
            id: 'resendResetLink',
            src: 'sendResetLink',
            input: ({ context }) => ({ email: context.email }),
            onDone: { description: 'Accepted: say another link went out, and wait again.', target: 'coolingDown', actions: assign({ resent: true }) },
            onError: [
              {
                description: '403: refused (SPEC.md 8 requestStep.error403).',
                guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
                target: 'ready',
                actions: assign({ error: 'requestStep.error403', resent: false }),
              },
              {
                description: 'Any other failure: say so; the button tries again.',
                target: 'ready',
                actions: assign({ error: 'requestStep.error', resent: false }),
              },
            ],
          },
        },
      },
    },
    reset: {
      description: 'The new password and its repetition with the live rules; after a failed try it shows the error and keeps what was typed.',
      meta: { spec: 'SPEC.md 4.5 reset; 5.2 Password, repeatPassword' },
      on: {
        'password.submit': {
          description: 'The validated new password: set it.',
          target: 'resetting',
          actions: assign({ newPassword: ({ event }) => event.password, error: undefined }),
        },
      },
    },
    resetting: {
      description: 'Sets the new password once; a second submit meanwhile is ignored.',
      meta: { spec: 'SPEC.md 7.5 POST /account/reset-password' },
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ link: context.link!, password: context.newPassword ?? '' }),
        onDone: { description: 'The password is set: success.', target: 'done', actions: assign({ newPassword: undefined }) },
        onError: [
          {
            description: 'No answer or a server error: the form again with what was typed; the link is still good, try again.',
            guard: { type: 'isTransient', params: ({ event }) => ({ error: event.error }) },
            target: 'reset',
            actions: assign({ newPassword: undefined, error: 'resetFailed' }),
          },
          {
            description: 'Refused (invalid, used or expired link; SPEC.md 8 passwordInput.errorInvalid): ask for a new link.',
            target: 'linkInvalid',
            actions: assign({ newPassword: undefined, error: 'passwordInput.errorInvalid' }),
          },
        ],
      },
    },
    linkInvalid: {
      description: 'The link is invalid, used or expired (passwordInput.errorInvalid), with the way to ask for a new one.',
      meta: { spec: 'SPEC.md 8 Password reset failure: passwordInput.errorInvalid' },
      on: {
        'link.requestNew': { description: 'Ask for a new link: the request step.', target: 'request', actions: assign({ link: undefined, error: undefined }) },
      },
    },
    done: {
      description: 'The new password is set: success, with the way to sign in.',
      meta: { spec: 'SPEC.md 2.3, 4.5 success' },
      type: 'final',
    },
  },
});
