import * as v from 'valibot';

/** What an account flow reports when it comes back to the account page (a notice at the top). */
export const accountNotices = ['passwordChanged', 'emailVerified'] as const;
export type AccountNotice = (typeof accountNotices)[number];

/** /app/dashboard/account?notice=: an unknown notice is dropped, never an error. */
export const accountSearchSchema = v.object({
  notice: v.fallback(v.optional(v.picklist(accountNotices)), undefined),
});
