import * as v from 'valibot';

import { emailSchema } from './account-rules';

/**
 * The rules of the email change (SPEC.md 4.5, 5.2): the new address follows the email rule of
 * SPEC.md 5.2 and must differ from the current one; the code mailed to the new address is required.
 * Messages are codes; the screen translates them (`sameAsCurrent` and `invalidCode` are the flow's own).
 */
export const changeEmailMessages = {
  required: 'required',
  sameAsCurrent: 'sameAsCurrent',
  invalidCode: 'invalidCode',
} as const;

/** How long the customer waits before asking for another code (seconds): one request per press, and not every second. */
export const resendCooldownSeconds = 30;

/** Whether two addresses are the same account address (the sandbox compares them without case). */
export function isSameAddress(a: string, b: string | undefined): boolean {
  return b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The new address: SPEC.md 5.2's email rule, and not the current address. Output: the trimmed address. */
export function newEmailSchema(currentEmail: string | undefined) {
  return v.pipe(
    emailSchema,
    v.check((value) => !isSameAddress(value, currentEmail), changeEmailMessages.sameAsCurrent),
  );
}

/** The code from the mail: required, trimmed (its form is the server's to judge). */
export const changeEmailCodeSchema = v.pipe(
  v.string(changeEmailMessages.required),
  v.trim(),
  v.nonEmpty(changeEmailMessages.required),
  v.maxLength(64, changeEmailMessages.invalidCode),
);
