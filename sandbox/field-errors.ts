import { accountMessages } from '#src/domain/account-rules';
import { paymentFieldCodes } from '#src/domain/payment-rules';
import type { FieldProblem } from './http';

/**
 * The one table from a failed contract check (ajv, through openapi-backend) to the field errors the
 * portal reads (issue 13, item 12; decision 20). A schema failure becomes
 * `{ field, code }`:
 * - `field` is the field's path as the portal names it: the body's properties dot-separated
 *   (`billing_address.zip_code`), the whole body `body`, a parameter `<in>.<name>`
 *   (`query.subscriptionStartsOn`, `header.idempotency-key`);
 * - `code` is the message key of SPEC.md 5 and 8 that the portal's own rule (src/domain) gives for
 *   that field and that kind of failure (`maxLimit.zipCode`, `invalidBirthDate`, `invalidEmail`);
 *   where SPEC.md names none, the kind itself, one of the generic keys below.
 */

/** What went wrong, whatever the schema keyword; also the generic key of a field without its own. */
export const genericFieldCodes = ['required', 'tooShort', 'tooLong', 'invalidFormat', 'invalidValue'] as const;
export type FailureKind = (typeof genericFieldCodes)[number];

/**
 * Per field, by its camelCase name, the key of each kind of failure that SPEC.md (or the shared rule
 * in src/domain) names. A kind not listed falls back to the generic key.
 */
export const fieldKeys: Readonly<Record<string, Partial<Record<FailureKind, string>>>> = {
  gender: { invalidValue: 'required' },
  firstName: { tooLong: 'maxLimit.firstName', invalidFormat: 'textFormatName' },
  lastName: { tooLong: 'maxLimit.lastName', invalidFormat: 'textFormatName' },
  birthdate: { invalidFormat: 'invalidBirthDate' },
  zipCode: { tooLong: 'maxLimit.zipCode', invalidFormat: 'countryFormat' },
  city: { tooLong: 'maxLimit.city', invalidFormat: 'textFormatCity' },
  street: { tooLong: 'maxLimit.street', invalidFormat: 'textFormatStreet' },
  houseNumber: { tooLong: 'maxLimit.houseNumber', invalidFormat: 'textFormatHouseNumber' },
  addition: { tooLong: 'maxLimit.addition' },
  country: { required: 'common:countrySelect.required', invalidFormat: 'common:countrySelect.required' },
  email: { tooLong: accountMessages.emailTooLong, invalidFormat: accountMessages.invalidEmail },
  password: { tooShort: accountMessages.passwordTooShort, tooLong: accountMessages.passwordTooLong },
  hasAgreedToPrivacyPolicy: { required: accountMessages.privacyStatementRequired },
  accountHolder: { tooLong: paymentFieldCodes.accountHolderMax, invalidFormat: paymentFieldCodes.accountHolderFormat },
  iban: { invalidFormat: paymentFieldCodes.invalidIban },
  bic: { invalidFormat: paymentFieldCodes.bicFormat },
  staffNumber: { invalidFormat: 'noWhitespace' },
};

/** Names the contract gives a field of the table in one place or another (after snake_case → camelCase). */
export const fieldAliases: Readonly<Record<string, keyof typeof fieldKeys>> = {
  birthDay: 'birthdate',
  travelerFirstName: 'firstName',
  travelerLastName: 'lastName',
  travelerGender: 'gender',
  travelerBirthdate: 'birthdate',
  username: 'email',
  newEmail: 'email',
  userMail: 'email',
  newPassword: 'password',
  accountName: 'accountHolder',
  matriculationNumber: 'staffNumber',
};

const camelCase = (name: string) => name.replace(/[_-]([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** The key of a field (its last name in the path) for a kind of failure. */
export function fieldCode(field: string, kind: FailureKind): string {
  const name = camelCase(
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? '',
  );
  const key = fieldAliases[name] ?? name;
  return fieldKeys[key]?.[kind] ?? kind;
}

/** Every code the table can give: the contract's FieldErrorCode must list each. */
export function tableCodes(): string[] {
  return [...new Set([...genericFieldCodes, ...Object.values(fieldKeys).flatMap((keys) => Object.values(keys))])];
}

export interface AjvError {
  instancePath: string;
  schemaPath?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Keywords that only combine others: the errors of their parts name the field and the failure. */
const combining = new Set(['if', 'then', 'else', 'oneOf', 'anyOf', 'allOf', 'not', 'discriminator', 'parse']);

/** The kind of failure of an ajv error. */
export function failureKind(error: AjvError): FailureKind {
  switch (error.keyword) {
    case 'required':
      return 'required';
    case 'minLength':
      return Number(error.params.limit) <= 1 ? 'required' : 'tooShort';
    case 'maxLength':
      return 'tooLong';
    case 'format':
    case 'pattern':
      return 'invalidFormat';
    // A consent that must be given (`const: true`) is missing, as the portal's checkbox rule says.
    case 'const':
      return error.params.allowedValue === true ? 'required' : 'invalidValue';
    default:
      return 'invalidValue';
  }
}

/** `/requestBody/billing_address/zip_code` → `billing_address.zip_code`; `/query/product` → `query.product`. */
export function fieldPath(error: AjvError): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  const extra =
    error.keyword === 'required' ? error.params.missingProperty : error.keyword === 'additionalProperties' ? error.params.additionalProperty : undefined;
  if (typeof extra === 'string') parts.push(extra);
  const [where, ...rest] = parts;
  if (where === undefined) return 'body';
  if (where === 'requestBody') return rest.length > 0 ? rest.join('.') : 'body';
  return [where, ...rest].join('.');
}

/**
 * Of a failed `oneOf` (the token request's grants), ajv reports the errors of every alternative:
 * only those of the alternative the request meant are kept, the one whose fixed values (`const`,
 * `enum`: the grant type) fit, with the fewest errors.
 */
function closestAlternative(errors: readonly AjvError[]): readonly AjvError[] {
  const branchOf = (error: AjvError) => /\/oneOf\/(\d+)\//.exec(error.schemaPath ?? '')?.[1];
  const branches = new Map<string, AjvError[]>();
  for (const error of errors) {
    const branch = branchOf(error);
    if (branch !== undefined) branches.set(branch, [...(branches.get(branch) ?? []), error]);
  }
  if (branches.size < 2) return errors;
  const ranked = [...branches.values()].sort((a, b) => Number(a.some(isFixedValue)) - Number(b.some(isFixedValue)) || a.length - b.length);
  const chosen = new Set(ranked[0]);
  return errors.filter((error) => branchOf(error) === undefined || chosen.has(error));
}

const isFixedValue = (error: AjvError) => error.keyword === 'const' || error.keyword === 'enum';

/**
 * ajv's errors as the problem's `errors`: one per field (its first failure), in the order ajv
 * found them. Errors of combining keywords (if/then, oneOf) are left out when their parts are
 * reported; alone, they make an `invalidValue` of the field they are on.
 */
export function fieldProblems(errors: readonly AjvError[] | null | undefined): FieldProblem[] {
  const all = closestAlternative(errors ?? []);
  const plain = all.filter((error) => !combining.has(error.keyword));
  const chosen = plain.length > 0 ? plain : all.filter((error) => error.keyword !== 'parse');
  const byField = new Map<string, string>();
  for (const error of chosen) {
    const field = fieldPath(error);
    const kind = combining.has(error.keyword) ? 'invalidValue' : failureKind(error);
    if (!byField.has(field)) byField.set(field, fieldCode(field, kind));
  }
  if (byField.size === 0) byField.set('body', 'invalidValue');
  return [...byField].map(([field, code]) => ({ field, code }));
}
