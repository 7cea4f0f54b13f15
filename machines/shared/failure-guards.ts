import { failureOf, hasCode, hasStatus, isTransient } from '#src/domain/failure';

/**
 * The guards every machine uses to branch on a failed call (issue 9: one failure model). A machine
 * names the ones it needs in its `setup({ guards })`, e.g. `isBadRequest: failureGuards.isBadRequest`,
 * and passes the actor's error as params:
 *
 *     onError: [{ guard: { type: 'isBadRequest', params: ({ event }) => ({ error: event.error }) }, ... }]
 *
 * The error is read with `failureOf` (src/domain/failure.ts), whatever the actor rejected with.
 */
interface ErrorParams {
  error: unknown;
}

export const failureGuards = {
  /** 400: the request was refused as it is; never retried (SPEC.md 7.1). */
  isBadRequest: (_: unknown, params: ErrorParams) => hasStatus(params.error, 400),
  isForbidden: (_: unknown, params: ErrorParams) => hasStatus(params.error, 403),
  isNotFound: (_: unknown, params: ErrorParams) => hasStatus(params.error, 404),
  /** 409: the thing changed meanwhile or exists already. */
  isConflict: (_: unknown, params: ErrorParams) => hasStatus(params.error, 409),
  /** 500 exactly (SPEC.md 4.6: the payment's shop error). */
  isServerError: (_: unknown, params: ErrorParams) => hasStatus(params.error, 500),
  /** 503: the API client has sent the customer to /maintenance already (SPEC.md 4.8). */
  isServiceUnavailable: (_: unknown, params: ErrorParams) => hasStatus(params.error, 503),
  /** 5xx or no answer: the same request may succeed later. */
  isTransient: (_: unknown, params: ErrorParams) => isTransient(params.error),
  /** The problem's code is the one named in params. */
  hasProblemCode: (_: unknown, params: ErrorParams & { code: string }) => hasCode(params.error, params.code),
} as const;

/** The HTTP status of an actor's error, for actions that record it (undefined without an answer). */
export function statusOfError(error: unknown): number | undefined {
  return failureOf(error).status;
}
