import { assign, fromPromise, not, setup, stateIn } from 'xstate';

import { isSameAddress, resendCooldownSeconds } from '#src/domain/change-email';
import { failureOf, fieldCodeOf, hasCode } from '#src/domain/failure';
import { failureGuards } from '#machines/shared/failure-guards';
import { isTooManyAttempts, retryAtOf } from '#machines/shared/too-many-attempts';

/**
 * Changing the signed-in customer's email address (SPEC.md 2.2, 2.3, 4.5, 5.2, 7.5, 8).
 *
 * A pre-check says whether the address may be changed at all (GET /account/check-can-change-email);
 * if not, the screen says why and the flow ends. Otherwise the customer types the new address
 * (SPEC.md 5.2, not the current one), the portal sends a code to it (POST
 * /account/send-change-email-code), and the customer confirms with that code (POST
 * /account/change-email); then the tickets page (SPEC.md 2.2) with a confirmation. While the code is
 * asked for, a new code can be requested after a short cooldown, and the address can be changed.
 *
 * Failures keep what the customer typed: an address in use is `alreadyExists` at the address
 * (SPEC.md 8), a wrong, expired or too often tried code is `invalidCode` at the code (the sandbox
 * answers all three alike), a refusal of the change itself (403) ends on the not-possible screen,
 * too many wrong codes or codes sent (429, decision 28) is an alert that says when to try again,
 * anything else is an alert and the same step again. Each request is sent once per press: the busy
 * states do not take the event again. The machine knows no HTTP, router or text: the app provides
 * the actors and `showTicketsPage` (src/flows/change-email/change-email.actors.ts).
 */

/** What the pre-check finds: whether the address may change, and the current address (user-info). */
export interface EmailChangeCheck {
  canChangeEmail: boolean;
  currentEmail: string;
}

/** A code the screen shows at the new address field: SPEC.md 5.2's rule codes, or the server's `alreadyExists`. */
export type AddressErrorCode = string;

/**
 * What went wrong, as a code the screen translates (machines store codes, never sentences);
 * `tooManyAttempts` is the 429 of a send or a confirmation, with `retryAt`.
 */
export type ChangeEmailErrorCode = 'loadFailed' | 'sendCodeFailed' | 'resendFailed' | 'emailChangeFailed' | 'tooManyAttempts';

export interface ChangeEmailContext {
  /** The current address (for the rule "not the current one"); known after the pre-check. */
  currentEmail: string | undefined;
  /** The new address of the last request: kept across every failure and when going back to it. */
  newEmail: string;
  /** The code of the last confirmation: kept across a failure. */
  code: string;
  /** The code at the new address field (alreadyExists, invalidEmail, sameAsCurrent, ...). */
  addressError: AddressErrorCode | undefined;
  /** The code at the code field (invalidCode: wrong, expired or tried too often). */
  codeError: 'invalidCode' | undefined;
  /** A failure shown as an alert. */
  error: ChangeEmailErrorCode | undefined;
  /** A new code was sent on request: the screen says so. */
  codeResent: boolean;
  /** After a 429: when the customer may try again (ISO date-time), as the app read it from Retry-After. */
  retryAt: string | undefined;
}

export type ChangeEmailEvent =
  | { type: 'load.retry' }
  | { type: 'address.submit'; newEmail: string }
  | { type: 'address.edit' }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' };

const fresh = { addressError: undefined, codeError: undefined, error: undefined, codeResent: false, retryAt: undefined } as const;

export const changeEmailMachine = setup({
  types: {
    context: {} as ChangeEmailContext,
    events: {} as ChangeEmailEvent,
  },
  actors: {
    /** GET /account/check-can-change-email and the current address (GET user-info) (SPEC.md 4.5, 7.5). */
    checkCanChangeEmail: fromPromise<EmailChangeCheck>(async () => {
      throw new Error('checkCanChangeEmail is provided by the app');
    }),
    /** POST /account/send-change-email-code (new_email): a code goes to the new address (SPEC.md 7.5). */
    sendCode: fromPromise<void, { newEmail: string }>(async () => {
      throw new Error('sendCode is provided by the app');
    }),
    /** POST /account/change-email (new_email, code) (SPEC.md 7.5); the app reads the user-info again. */
    changeEmail: fromPromise<void, { newEmail: string; code: string }>(async () => {
      throw new Error('changeEmail is provided by the app');
    }),
  },
  actions: {
    /** The tickets page with the confirmation (SPEC.md 2.2); the app implements it with the router. */
    showTicketsPage: (_, _params: { newEmail: string }) => {},
  },
  delays: {
    /** The short wait before another code may be requested. */
    resendCooldown: resendCooldownSeconds * 1000,
  },
  guards: {
    canChange: (_, params: { check: EmailChangeCheck }) => params.check.canChangeEmail,
    /** SPEC.md 5.2 via the domain: the new address must differ from the current one. */
    isCurrentAddress: ({ context }, params: { newEmail: string }) => isSameAddress(params.newEmail, context.currentEmail),
    /** The code is wrong, expired or used up (the sandbox's 400 invalidCode, at the field `code`). */
    isInvalidCode: (_, params: { error: unknown }) => hasCode(params.error, 'invalidCode') || fieldCodeOf(params.error, 'code') === 'invalidCode',
    /** A 400 naming the new address (its rule code, e.g. invalidEmail). */
    isAddressRefused: (_, params: { error: unknown }) => failureOf(params.error).status === 400 && fieldCodeOf(params.error, 'new_email') !== undefined,
    isConflict: failureGuards.isConflict,
    isForbidden: failureGuards.isForbidden,
    isTooManyAttempts,
    isResending: stateIn('#changeEmail.code.resend.sending'),
    isConfirming: stateIn('#changeEmail.code.confirmation.confirming'),
  },
}).createMachine({
  id: 'changeEmail',
  description: 'Changes the signed-in customer’s email address: pre-check, new address, code sent to it, confirmation, then the tickets page (SPEC.md 4.5).',
  meta: { spec: 'SPEC.md 2.2, 2.3, 4.5, 5.2, 7.5, 8' },
  context: { currentEmail: undefined, newEmail: '', code: '', ...fresh },
  initial: 'checking',
  states: {
    checking: {
      description: 'The pre-check: may this account change its address? And which is the current one?',
      meta: { spec: 'SPEC.md 4.5 pre-check, 7.5 GET /account/check-can-change-email, GET /api/v2/auth/connect/user-info' },
      invoke: {
        id: 'checkCanChangeEmail',
        src: 'checkCanChangeEmail',
        onDone: [
          {
            description: 'canChangeEmail: ask for the new address.',
            guard: { type: 'canChange', params: ({ event }) => ({ check: event.output }) },
            target: 'address',
            actions: assign({ currentEmail: ({ event }) => event.output.currentEmail }),
          },
          { description: 'The address of this account cannot be changed: say why.', target: 'notAllowed' },
        ],
        onError: {
          description: 'Any failure of the pre-check (a 503 goes to /maintenance first).',
          target: 'loadFailed',
          actions: assign({ error: 'loadFailed' }),
        },
      },
    },
    loadFailed: {
      description: 'The pre-check failed: an alert with a retry and the way back to the account page.',
      meta: { spec: 'SPEC.md 8 (load errors)' },
      on: {
        'load.retry': { description: 'Check again.', target: 'checking', actions: assign({ error: undefined }) },
      },
    },
    notAllowed: {
      description: 'The address of this account cannot be changed online: why, the way back to the account page and the customer service.',
      meta: { spec: 'SPEC.md 4.5 pre-check; 7.5 check-can-change-email (canChangeEmail false, 403 emailChangeNotAllowed)' },
      type: 'final',
    },
    address: {
      description: 'The new address (SPEC.md 5.2, validated on blur); after a failure it keeps the address and shows why.',
      meta: { spec: 'SPEC.md 2.3 change email, 5.2 email, 8 alreadyExists' },
      on: {
        'address.submit': [
          {
            description: 'The current address: nothing to change, say so at the field.',
            guard: { type: 'isCurrentAddress', params: ({ event }) => ({ newEmail: event.newEmail }) },
            target: 'address',
            actions: assign({ newEmail: ({ event }) => event.newEmail, ...fresh, addressError: 'sameAsCurrent' }),
          },
          {
            description: 'A valid new address: send the code to it.',
            target: 'sendingCode',
            actions: assign({ newEmail: ({ event }) => event.newEmail, code: '', ...fresh }),
          },
        ],
      },
    },
    sendingCode: {
      description: 'Sends the code to the new address once; a second press meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.8, 7.5 POST /account/send-change-email-code' },
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ newEmail: context.newEmail }),
        onDone: { description: 'Sent: ask for the code.', target: 'code' },
        onError: [
          {
            description: '409: the address is in use (SPEC.md 8 alreadyExists), at the field; the address stays.',
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'address',
            actions: assign({ addressError: 'alreadyExists' }),
          },
          {
            description: '403: this account may not change its address (emailChangeNotAllowed).',
            guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'notAllowed',
          },
          {
            description: '400 naming the address: its rule code at the field.',
            guard: { type: 'isAddressRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'address',
            actions: assign({ addressError: ({ event }) => fieldCodeOf(event.error, 'new_email') }),
          },
          {
            description: '429: too many codes sent (decision 28); the alert says when to try again, the address stays.',
            guard: { type: 'isTooManyAttempts', params: ({ event }) => ({ error: event.error }) },
            target: 'address',
            actions: assign({ error: 'tooManyAttempts', retryAt: ({ event }) => retryAtOf(event.error) }),
          },
          { description: 'Any other failure: the alert; the address stays for another try.', target: 'address', actions: assign({ error: 'sendCodeFailed' }) },
        ],
      },
    },
    code: {
      description: 'The code sent to the new address: confirm it, ask for a new one after a short wait, or change the address.',
      meta: { spec: 'SPEC.md 2.3 change email, 4.5 confirmation' },
      type: 'parallel',
      states: {
        confirmation: {
          description: 'The code field and its confirmation.',
          meta: { spec: 'SPEC.md 4.5' },
          initial: 'editing',
          states: {
            editing: {
              description: 'The code field; after a failure it keeps the code and shows why.',
              meta: { spec: 'SPEC.md 4.5, 8' },
              on: {
                'code.submit': {
                  description: 'Confirm with the code (not while a new code is on its way: it would replace this one).',
                  guard: not('isResending'),
                  target: 'confirming',
                  actions: assign({ code: ({ event }) => event.code, codeError: undefined, error: undefined, codeResent: false, retryAt: undefined }),
                },
                'address.edit': {
                  description: 'Back to the address (not while a new code is on its way); the address is kept.',
                  guard: not('isResending'),
                  target: '#changeEmail.address',
                  actions: assign({ ...fresh }),
                },
              },
            },
            confirming: {
              description: 'Confirms the change once; a second press meanwhile is ignored.',
              meta: { spec: 'SPEC.md 4.8, 7.5 POST /account/change-email' },
              invoke: {
                id: 'changeEmail',
                src: 'changeEmail',
                input: ({ context }) => ({ newEmail: context.newEmail, code: context.code }),
                onDone: { description: 'Changed: the tickets page.', target: '#changeEmail.done' },
                onError: [
                  {
                    description: '429: too many wrong codes (decision 28); the alert says when to try again, the code stays.',
                    guard: { type: 'isTooManyAttempts', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: assign({ error: 'tooManyAttempts', retryAt: ({ event }) => retryAtOf(event.error) }),
                  },
                  {
                    description: '400 invalidCode: wrong, expired or tried too often; at the field, the code stays.',
                    guard: { type: 'isInvalidCode', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: assign({ codeError: 'invalidCode' }),
                  },
                  {
                    description: '409: the address was taken meanwhile (SPEC.md 8 alreadyExists): back to the address, which stays.',
                    guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                    target: '#changeEmail.address',
                    actions: assign({ addressError: 'alreadyExists' }),
                  },
                  {
                    description: '403: this account may not change its address (emailChangeNotAllowed).',
                    guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
                    target: '#changeEmail.notAllowed',
                  },
                  {
                    description: '400 naming the address: back to it with its rule code.',
                    guard: { type: 'isAddressRefused', params: ({ event }) => ({ error: event.error }) },
                    target: '#changeEmail.address',
                    actions: assign({ addressError: ({ event }) => fieldCodeOf(event.error, 'new_email') }),
                  },
                  {
                    description: 'Any other failure: the alert; the code stays for another try.',
                    target: 'editing',
                    actions: assign({ error: 'emailChangeFailed' }),
                  },
                ],
              },
            },
          },
        },
        resend: {
          description: 'Asking for a new code: after a short wait, once per press.',
          meta: { spec: 'SPEC.md 4.8, 7.5 POST /account/send-change-email-code' },
          initial: 'coolingDown',
          states: {
            coolingDown: {
              description: 'A code was just sent: a new one can be requested shortly.',
              meta: { spec: 'SPEC.md 4.8' },
              after: { resendCooldown: { description: 'The wait is over.', target: 'available' } },
            },
            available: {
              description: 'A new code can be requested.',
              meta: { spec: 'SPEC.md 2.3 change email' },
              on: {
                'code.resend': {
                  description: 'Send a new code (not while the code is being confirmed).',
                  guard: not('isConfirming'),
                  target: 'sending',
                  actions: assign({ error: undefined, codeError: undefined, codeResent: false, retryAt: undefined }),
                },
              },
            },
            sending: {
              description: 'Sends a new code once (it replaces the old one).',
              meta: { spec: 'SPEC.md 7.5 POST /account/send-change-email-code' },
              invoke: {
                id: 'resendCode',
                src: 'sendCode',
                input: ({ context }) => ({ newEmail: context.newEmail }),
                onDone: { description: 'Sent: say so, and wait again before the next.', target: 'coolingDown', actions: assign({ codeResent: true }) },
                onError: [
                  {
                    description: '409: the address was taken meanwhile (alreadyExists): back to the address, which stays.',
                    guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                    target: '#changeEmail.address',
                    actions: assign({ addressError: 'alreadyExists' }),
                  },
                  {
                    description: '403: this account may not change its address.',
                    guard: { type: 'isForbidden', params: ({ event }) => ({ error: event.error }) },
                    target: '#changeEmail.notAllowed',
                  },
                  {
                    description: '429: too many codes sent (decision 28); the alert says when to try again.',
                    guard: { type: 'isTooManyAttempts', params: ({ event }) => ({ error: event.error }) },
                    target: 'available',
                    actions: assign({ error: 'tooManyAttempts', retryAt: ({ event }) => retryAtOf(event.error) }),
                  },
                  {
                    description: 'Any other failure: the alert; another request is possible.',
                    target: 'available',
                    actions: assign({ error: 'resendFailed' }),
                  },
                ],
              },
            },
          },
        },
      },
    },
    done: {
      description: 'Changed: the tickets page with the confirmation "Your email address is now …".',
      meta: { spec: 'SPEC.md 2.2 /app/dashboard/tickets (after an email-change confirmation), 4.5' },
      type: 'final',
      entry: { type: 'showTicketsPage', params: ({ context }) => ({ newEmail: context.newEmail }) },
    },
  },
});
