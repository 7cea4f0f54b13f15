import * as v from 'valibot';

/**
 * The account field rules of SPEC.md 5.2: email, password, repeatPassword, old password and the
 * delete-account password. Messages are codes (never sentences); the portal maps them to its
 * translations and the sandbox answers them as `errors: [{ field, code }]`.
 */
export const accountMessages = {
  required: 'required',
  invalidEmail: 'invalidEmail',
  emailTooLong: 'emailTooLong',
  passwordTooShort: 'passwordTooShort',
  passwordTooLong: 'passwordTooLong',
  passwordLowercase: 'passwordLowercase',
  passwordUppercase: 'passwordUppercase',
  passwordDigit: 'passwordDigit',
  passwordSpecial: 'passwordSpecial',
  passwordMismatch: 'passwordMismatch',
  privacyStatementRequired: 'privacyStatementRequired',
} as const;
export type AccountMessage = (typeof accountMessages)[keyof typeof accountMessages];

/** Limits of the contract (openapi/portal.yaml): addresses up to 254 characters, passwords 8 to 128. */
export const emailMaxLength = 254;
export const passwordMinLength = 8;
export const passwordMaxLength = 128;

/**
 * A general email pattern: a local part of the usual characters (dot-separated), `@`, and a domain of
 * dot-separated labels. It is the pattern of the contract's `format: email` (ajv-formats), so an
 * address the portal's form accepts is never refused by the API.
 */
export const emailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** Required, trimmed, a general email pattern (SPEC.md 5.2). The output is the trimmed address. */
export const emailSchema = v.pipe(
  v.string(accountMessages.required),
  v.trim(),
  v.nonEmpty(accountMessages.required),
  v.maxLength(emailMaxLength, accountMessages.emailTooLong),
  v.regex(emailPattern, accountMessages.invalidEmail),
);

/**
 * At least 8 characters with a lowercase letter, an uppercase letter, a digit and a special
 * character (SPEC.md 5.2). A special character is anything that is neither a letter, a digit nor
 * white space. Every failing rule is reported, so a form can list what is still missing.
 */
export const passwordSchema = v.pipe(
  v.string(accountMessages.required),
  v.nonEmpty(accountMessages.required),
  v.minLength(passwordMinLength, accountMessages.passwordTooShort),
  v.maxLength(passwordMaxLength, accountMessages.passwordTooLong),
  v.regex(/\p{Ll}/u, accountMessages.passwordLowercase),
  v.regex(/\p{Lu}/u, accountMessages.passwordUppercase),
  v.regex(/\p{Nd}/u, accountMessages.passwordDigit),
  v.regex(/[^\p{L}\p{N}\s]/u, accountMessages.passwordSpecial),
);

/** A password that only has to be there: the old password, the delete-account password, sign-in. */
export const requiredPasswordSchema = v.pipe(v.string(accountMessages.required), v.nonEmpty(accountMessages.required));

/** The new password and its repetition (registration, password reset, password change). */
export const newPasswordSchema = v.pipe(
  v.object({
    password: passwordSchema,
    repeatPassword: v.string(accountMessages.required),
  }),
  v.forward(
    v.partialCheck([['password'], ['repeatPassword']], (input) => input.password === input.repeatPassword, accountMessages.passwordMismatch),
    ['repeatPassword'],
  ),
);

/** The registration step of the order wizard (SPEC.md 3, account registration). */
export const registrationSchema = v.pipe(
  v.object({
    mailAddress: emailSchema,
    password: passwordSchema,
    repeatPassword: v.string(accountMessages.required),
    isPrivacyStatementAccepted: v.literal(true, accountMessages.privacyStatementRequired),
    isMarketingInformationAccepted: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.partialCheck([['password'], ['repeatPassword']], (input) => input.password === input.repeatPassword, accountMessages.passwordMismatch),
    ['repeatPassword'],
  ),
);

/** Change password: the old one is required, the new one follows the rules and is repeated. */
export const changePasswordSchema = v.pipe(
  v.object({
    oldPassword: requiredPasswordSchema,
    password: passwordSchema,
    repeatPassword: v.string(accountMessages.required),
  }),
  v.forward(
    v.partialCheck([['password'], ['repeatPassword']], (input) => input.password === input.repeatPassword, accountMessages.passwordMismatch),
    ['repeatPassword'],
  ),
);

/** Delete account: a password is required (SPEC.md 5.2). */
export const deleteAccountSchema = v.object({ password: requiredPasswordSchema });

/** Password reset request: one address. (The email change's new address: newEmailSchema in change-email.ts.) */
export const passwordResetRequestSchema = v.object({ email: emailSchema });

export interface FieldIssue {
  field: string;
  code: string;
}

/**
 * The issues of a failed parse as `{ field, code }` (dot-separated path, message code), in the
 * order valibot found them, the shape of the API's problem `errors`.
 */
export function fieldIssues(issues: readonly v.BaseIssue<unknown>[], prefix = ''): FieldIssue[] {
  return issues.map((issue) => {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    return { field: [prefix, path].filter(Boolean).join('.') || prefix, code: issue.message };
  });
}

/** The codes of every rule a password breaks (empty when it is valid). */
export function passwordProblems(password: string): string[] {
  const result = v.safeParse(passwordSchema, password);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

export function isValidEmail(value: string): boolean {
  return v.safeParse(emailSchema, value).success;
}
