import * as v from 'valibot';

import type { ResetLink } from '#machines/password-reset/password-reset.machine';

/**
 * The query of /password-reset (SPEC.md 2.2: the reset-password page reads user_id and token): the
 * mailed link has both; the sign-in page's "forgot password" link has none. The router parses
 * values JSON-first (a token of digits arrives as a number), so each is read back as text; a bad
 * value is dropped, never an error page.
 */
const searchText = v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String), v.trim(), v.nonEmpty());
const optionalText = v.fallback(v.optional(searchText), undefined);

export const passwordResetSearchSchema = v.object({ user_id: optionalText, token: optionalText });

export type PasswordResetSearch = v.InferOutput<typeof passwordResetSearchSchema>;

/** The link, when the query has both parts; otherwise the page asks for a link. */
export function resetLinkOf(search: PasswordResetSearch): ResetLink | undefined {
  return search.user_id && search.token ? { userId: search.user_id, token: search.token } : undefined;
}
