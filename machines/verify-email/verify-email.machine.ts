import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';

/**
 * Confirming the email address with the link of the verification mail (SPEC.md 2.2, 4.5, 8; issue
 * 11 item 6). Two public pages share this machine:
 *
 * - `/actions/verify-email?user_id&token`: the mail's link. It verifies the address once (the
 *   machine invokes the call, so React's double effects cannot send it twice) and goes on to the
 *   next step: a signed-in customer to the account page (My data) with the notice "your email address is
 *   confirmed", a signed-out one to the success page with the way to sign in. A link the API
 *   refuses (wrong, used or expired: 400; no such account: 404) or a link without its token leads
 *   to the failed page (SPEC.md 8 "Email verification failure"). A failure of the call itself (5xx,
 *   no answer) is not the link's fault: the page says so and offers to try again.
 * - `/actions/verify-email/failed?user_id`: the link did not work; the visitor asks for a new link
 *   (one request per press). The answer is the same whether or not the account exists or is already
 *   verified (202), so the page reveals nothing about accounts.
 *
 * The machine knows no HTTP, router or text: src/flows/verify-email/verify-email.actors.ts provides
 * the actors and the navigation; the screen maps the codes to messages.
 */

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type VerifyEmailErrorCode = 'verifyFailed' | 'resendFailed';

export interface VerifyEmailInput {
  /** Which page the machine runs on: the mail's link, or the failed page. */
  page: 'verify' | 'failed';
  /** The link's `user_id`, when the address has one. */
  userId: string | undefined;
  /** The link's `token` (only on the verify page). */
  token: string | undefined;
  /** Whether this browser is signed in (read once the session is known): where a confirmation goes. */
  signedIn: boolean;
}

/** What the verification answers beyond success: whether the link was the signed-in customer's own. */
export interface VerifiedLink {
  ownAccount: boolean;
}

export interface VerifyEmailContext {
  page: 'verify' | 'failed';
  userId: string | undefined;
  token: string | undefined;
  signedIn: boolean;
  error: VerifyEmailErrorCode | undefined;
}

export type VerifyEmailEvent = { type: 'verify.retry' } | { type: 'link.resend' } | { type: 'session.signIn' };

export const verifyEmailMachine = setup({
  types: {
    context: {} as VerifyEmailContext,
    events: {} as VerifyEmailEvent,
    input: {} as VerifyEmailInput,
  },
  actors: {
    /**
     * GET /account/verify-email?user_id&token (SPEC.md 7.5). Its output says whether the link was
     * the signed-in customer's own (signed in, and user-info's `sub` is the link's user_id): a
     * customer signed in as someone else is not told that *their* address is confirmed.
     */
    verifyEmail: fromPromise<VerifiedLink, { userId: string; token: string; signedIn: boolean }>(async () => {
      throw new Error('verifyEmail is provided by the app');
    }),
    /** POST /account/resend-email-confirmation-link (SPEC.md 7.5): 202 whether or not the account exists. */
    resendLink: fromPromise<void, { userId: string }>(async () => {
      throw new Error('resendLink is provided by the app');
    }),
  },
  actions: {
    /** Replaces the page with /actions/verify-email/failed?user_id; the app implements it with the router. */
    showFailedPage: (_, _params: { userId: string | undefined }) => {},
    /** Goes on to the account page (My data) with the notice that the address is confirmed (signed in). */
    showConfirmedNotice: () => {},
    /** Starts the sign-in (the session's), back to the dashboard. */
    startSignIn: () => {},
  },
  guards: {
    isFailedPage: ({ context }) => context.page === 'failed',
    hasLink: ({ context }) => Boolean(context.userId && context.token),
    hasUserId: ({ context }) => Boolean(context.userId),
    isOwnAccount: (_, params: { output: VerifiedLink }) => params.output.ownAccount,
    isTransient: failureGuards.isTransient,
  },
}).createMachine({
  id: 'verifyEmail',
  description:
    "Confirms the email address with the mail's link and goes on; a link that does not work leads to the failed page, which sends a new one (SPEC.md 4.5).",
  meta: { spec: 'SPEC.md 2.2, 4.5, 7.5, 8' },
  context: ({ input }) => ({ page: input.page, userId: input.userId, token: input.token, signedIn: input.signedIn, error: undefined }),
  initial: 'start',
  states: {
    start: {
      description: 'Decides what the page does with its query: verify the link, or (on the failed page) offer a new one.',
      meta: { spec: 'SPEC.md 2.2 /actions/verify-email/failed?user_id={id}; 4.5' },
      always: [
        { description: 'The failed page: offer a new link.', guard: 'isFailedPage', target: 'linkFailed' },
        { description: 'The link has its user_id and token: verify it.', guard: 'hasLink', target: 'verifying' },
        { description: 'A link without its user_id or token cannot work: the failed page.', target: 'linkInvalid' },
      ],
    },
    verifying: {
      description: 'Verifies the address once ("verifying" status); a second start of the page meanwhile sends nothing.',
      meta: { spec: 'SPEC.md 7.5 GET /account/verify-email?user_id&token' },
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ userId: context.userId ?? '', token: context.token ?? '', signedIn: context.signedIn }),
        onDone: [
          {
            description: "Confirmed, the signed-in customer's own address: on to My data with the notice.",
            guard: { type: 'isOwnAccount', params: ({ event }) => ({ output: event.output }) },
            target: 'confirmedSignedIn',
          },
          { description: 'Confirmed, signed out (or signed in as someone else): the success page with the way to sign in.', target: 'confirmed' },
        ],
        onError: [
          {
            description: "5xx or no answer: not the link's fault; say so and offer to try again (a 503 goes to /maintenance first).",
            guard: { type: 'isTransient', params: ({ event }) => ({ error: event.error }) },
            target: 'verifyFailed',
            actions: assign({ error: 'verifyFailed' }),
          },
          { description: '400 (wrong, used or expired token) or 404: the failed page (SPEC.md 8).', target: 'linkInvalid' },
        ],
      },
    },
    verifyFailed: {
      description: 'The call failed (not the link): a message with a retry.',
      meta: { spec: 'SPEC.md 8 (other errors: try again)' },
      on: {
        'verify.retry': { description: 'Verify the same link again.', target: 'verifying', actions: assign({ error: undefined }) },
      },
    },
    linkInvalid: {
      description: 'The link did not work: the page is replaced by /actions/verify-email/failed?user_id.',
      meta: { spec: 'SPEC.md 4.5, 8 Email verification failure: redirect to /actions/verify-email/failed' },
      type: 'final',
      entry: { type: 'showFailedPage', params: ({ context }) => ({ userId: context.userId }) },
    },
    confirmedSignedIn: {
      description: 'Confirmed while signed in: My data (/app/dashboard/account) with the notice that the address is confirmed.',
      meta: { spec: 'SPEC.md 4.5 on success, go on to the next step; 2.2 /app/dashboard/account' },
      type: 'final',
      entry: 'showConfirmedNotice',
    },
    confirmed: {
      description: 'Confirmed while signed out: the success page with the way to sign in.',
      meta: { spec: 'SPEC.md 4.5 on success, go on to the next step' },
      on: {
        'session.signIn': { description: 'The visitor signs in (back to the dashboard).', actions: 'startSignIn' },
      },
    },
    linkFailed: {
      description: 'The failed page: the link was used, expired or wrong; a button sends a new one. After a failed attempt it shows the error.',
      meta: { spec: 'SPEC.md 2.2 /actions/verify-email/failed, 8 with a resend link' },
      on: {
        'link.resend': {
          description: 'Send a new link (only with the user_id of the link).',
          guard: 'hasUserId',
          target: 'resending',
          actions: assign({ error: undefined }),
        },
      },
    },
    resending: {
      description: 'Asks for a new link once; a second press meanwhile is ignored.',
      meta: { spec: 'SPEC.md 7.5 POST /account/resend-email-confirmation-link' },
      invoke: {
        id: 'resendLink',
        src: 'resendLink',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: { description: '202: a new link is on its way (the same answer for every user_id).', target: 'linkResent' },
        onError: {
          description: 'Any failure: the failed page again with the error; try again.',
          target: 'linkFailed',
          actions: assign({ error: 'resendFailed' }),
        },
      },
    },
    linkResent: {
      description: 'A new link is on its way (said the same whether or not the account exists or is already confirmed).',
      meta: { spec: 'SPEC.md 2.2 resend the confirmation' },
      type: 'final',
    },
  },
});
