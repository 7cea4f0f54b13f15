/**
 * One shape for every failed API call (issue 9; docs/architecture.md#data-and-state): whatever an actor rejects with, a
 * machine, a guard or a screen reads it as a `Failure`. `src/api/failure.ts` makes them from the
 * API's answers (status and RFC 9457 problem body); this module is pure, so machines, flows and the
 * sandbox's tests share it.
 *
 * The SPEC.md section 8 catalogue, "which answer shows which message", is `messageKeys` below:
 * machines store the key (a code, never a sentence), screens translate it.
 */

/** A failing field of a validation problem: the field's dot path in the request and a code. */
export interface FieldFailure {
  field: string;
  code: string;
}

export interface Failure {
  /** The HTTP status; undefined when no answer came (network failure, aborted call). */
  status: number | undefined;
  /** The problem's `code`, the situation in the portal's vocabulary (e.g. `isAlreadyTerminated`). */
  code: string | undefined;
  /** The failing fields of a validation problem (400), in the request's field paths. */
  fieldErrors: readonly FieldFailure[];
}

const noFailureFields: readonly FieldFailure[] = [];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fieldErrorsOf(value: unknown): readonly FieldFailure[] {
  if (!Array.isArray(value)) return noFailureFields;
  return value.filter((item): item is FieldFailure => isRecord(item) && typeof item.field === 'string' && typeof item.code === 'string');
}

/**
 * Reads anything an actor rejected with as a Failure: an `ApiFailure` (src/api/failure.ts), a plain
 * `{ status, code, fieldErrors }` (tests, hand-made failures), an object carrying a `problem` body,
 * or anything else (a network TypeError), which has no status.
 */
export function failureOf(error: unknown): Failure {
  if (!isRecord(error)) return { status: undefined, code: undefined, fieldErrors: noFailureFields };
  const problem = isRecord(error.problem) ? error.problem : undefined;
  const status = typeof error.status === 'number' ? error.status : typeof problem?.status === 'number' ? problem.status : undefined;
  const code = typeof error.code === 'string' ? error.code : typeof problem?.code === 'string' ? problem.code : undefined;
  const fields = 'fieldErrors' in error ? fieldErrorsOf(error.fieldErrors) : fieldErrorsOf(problem?.errors);
  return { status, code, fieldErrors: fields };
}

export function hasStatus(error: unknown, status: number): boolean {
  return failureOf(error).status === status;
}

export function hasCode(error: unknown, code: string): boolean {
  return failureOf(error).code === code;
}

/** 5xx, or no answer at all: worth trying again later; the customer's input was not the problem. */
export function isTransient(error: unknown): boolean {
  const { status } = failureOf(error);
  return status === undefined || status >= 500;
}

/** The code of the first failing field whose path is `field` or ends with `.field`. */
export function fieldCodeOf(error: unknown, field: string): string | undefined {
  return failureOf(error).fieldErrors.find((item) => item.field === field || item.field.endsWith(`.${field}`))?.code;
}

/**
 * Whether a failure ended the logical request, so the next request needs a new Idempotency-Key:
 * any 4xx except 409 `idempotencyKeyInFlight` (the first request may still succeed) and 422
 * `idempotencyKeyReused` (the key's first request may have succeeded). 5xx and network failures
 * keep the key (decision 14).
 */
export function failureEndsRequest(error: unknown): boolean {
  const { status, code } = failureOf(error);
  if (status === undefined || status < 400 || status >= 500 || status === 422) return false;
  return status !== 409 || code !== 'idempotencyKeyInFlight';
}

// ---------------------------------------------------------------- SPEC.md section 8

/**
 * The error catalogue of SPEC.md section 8: for each situation, the message key a failure shows.
 * The keys are the catalogue's (without namespace); each screen maps them to its Lingui message.
 * A flow that meets one of these situations takes its key from here, never decides again.
 */
export const messageKeys = {
  /** Order submit: 400 → submittingError400, anything else → submittingError. */
  orderSubmit: (error: unknown) => (hasStatus(error, 400) ? 'submittingError400' : 'submittingError'),
  /** Registration: an address that has an account → mailAddressAlreadyExists (409, not an idempotency conflict). */
  register: (error: unknown) => (hasStatus(error, 409) && !hasCode(error, 'idempotencyKeyInFlight') ? 'mailAddressAlreadyExists' : 'registerFailed'),
  /** Password reset request: 403 → requestStep.error403. */
  passwordResetRequest: (error: unknown) => (hasStatus(error, 403) ? 'requestStep.error403' : 'requestStep.error'),
  /** Password reset with the mailed token: any failure → passwordInput.errorInvalid. */
  passwordReset: (_error: unknown) => 'passwordInput.errorInvalid' as const,
  /** Termination: 400 → isAlreadyTerminated. */
  termination: (error: unknown) => (hasStatus(error, 400) ? 'isAlreadyTerminated' : 'terminationFailed'),
  /** Withdrawing a termination: a 409 means it can no longer be withdrawn; other failures keep the screen. */
  withdrawTermination: (error: unknown) => (hasStatus(error, 409) ? 'terminationNotWithdrawable' : 'withdrawFailed'),
  /** Loading what a screen needs (company form, traveler, subscription): the SPEC.md 8 load error texts. */
  loadWithdrawTermination: (_error: unknown) => 'withdrawTermination.error' as const,
  /** Account deletion: wrong password → passwordIncorrect; anything else → deleteFailed. */
  deleteAccount: (error: unknown) => (hasCode(error, 'passwordIncorrect') ? 'passwordIncorrect' : 'deleteFailed'),
  /** Email change to an address in use → alreadyExists. */
  emailChange: (error: unknown) => (hasStatus(error, 409) || hasCode(error, 'alreadyExists') ? 'alreadyExists' : 'emailChangeFailed'),
  /** Payment information: the validation result Blacklist → ibanBlacklist, else invalidPaymentInformation. */
  paymentInformation: (ibanValidationResult: string | undefined) => (ibanValidationResult === 'Blacklist' ? 'ibanBlacklist' : 'invalidPaymentInformation'),
} as const;

export type MessageKeySituation = keyof typeof messageKeys;
/** Every key the catalogue can give. */
export type FailureMessageKey = ReturnType<(typeof messageKeys)[MessageKeySituation]>;
