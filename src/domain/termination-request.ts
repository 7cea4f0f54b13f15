import * as v from 'valibot';

import { emailSchema } from './account-rules';
import { birthdateSchema, firstNameSchema, lastNameSchema } from './personal-fields';

/**
 * The rules of the anonymous termination's form (issue 10 item 6, decision 22): the contract's
 * number and the subscriber as the order confirmation names them, and where the confirmation goes.
 * The names and the birthdate follow SPEC.md 5.1, the email 5.2.
 */

/** The contract's TerminationIdentity.number: at most 32 characters. */
export const contractNumberMaxLength = 32;

/** An order number (A-100001) or a subscription number (S-A100001): required, trimmed, at most 32 characters. */
export const contractNumberSchema = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(contractNumberMaxLength, 'tooLong'));

/** The whole identification form; its output is what the anonymous termination sends. */
export function terminationIdentitySchema(today: Date) {
  return v.object({
    number: contractNumberSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    birthdate: birthdateSchema(today),
    email: emailSchema,
  });
}

export type TerminationIdentityValues = v.InferOutput<ReturnType<typeof terminationIdentitySchema>>;
