import * as v from 'valibot';

/**
 * The query of the verification pages (SPEC.md 2.2), as the routes'
 * `validateSearch`. A bad value is dropped, never an error page: each key has a fallback, so the
 * schemas cannot fail. The router parses values JSON-first (an all-digit id arrives as a number),
 * so every value is read back as text. This module imports no screen: the routes' options are in
 * the entry chunk.
 */

const searchText = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.nonEmpty());
const optionalText = v.fallback(v.optional(searchText), undefined);

/** /actions/verify-email?user_id&token: the link of the verification mail. */
export const verifyEmailSearchSchema = v.object({
  user_id: optionalText,
  token: optionalText,
});

/** /actions/verify-email/failed?user_id */
export const verifyEmailFailedSearchSchema = v.object({
  user_id: optionalText,
});

