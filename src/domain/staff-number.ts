import * as v from 'valibot';

/**
 * Company and staff number (SPEC.md 5.3) as valibot schemas shared by the portal's company step and
 * the sandbox's order submit. Messages are codes.
 */

/**
 * What the server adds to the staff-number rule of a company: the company form field's minLength,
 * maxLength and customValidation.value (a regular expression the whole value must match). Its
 * errorHint is the text the form shows for the code `customValidation`.
 */
export interface StaffNumberRules {
  minLength?: number | undefined;
  maxLength?: number | undefined;
  pattern?: string | undefined;
}

/** The shape of the contract's CompanyFormField.textField, as far as the rule needs it. */
export interface StaffNumberFormField {
  minLength?: number | undefined;
  maxLength?: number | undefined;
  customValidation?: { value: string } | undefined;
}

export function staffNumberRulesOf(field: StaffNumberFormField | undefined): StaffNumberRules {
  return { minLength: field?.minLength, maxLength: field?.maxLength, pattern: field?.customValidation?.value };
}

/**
 * The server's pattern as a whole-value match. A pattern that is not a valid regular expression
 * cannot be checked; it is then left out (the server checks again on submit).
 */
export function wholeValuePattern(pattern: string | undefined): RegExp | undefined {
  if (!pattern) return undefined;
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return undefined;
  }
}

/**
 * The staff (or matriculation) number: required and without whitespace; then the company's minimum
 * and maximum length (minLimit.staffNumber, maxLimit.staffNumber) and pattern (customValidation,
 * shown with the company's errorHint). Not trimmed: a space is an error, not something to hide.
 */
export function staffNumberSchema(rules: StaffNumberRules = {}) {
  const pattern = wholeValuePattern(rules.pattern);
  return v.pipe(
    v.string('required'),
    v.nonEmpty('required'),
    v.check((value) => !/\s/.test(value), 'noWhitespace'),
    v.check((value) => rules.minLength === undefined || value.length >= rules.minLength, 'minLimit.staffNumber'),
    v.check((value) => rules.maxLength === undefined || value.length <= rules.maxLength, 'maxLimit.staffNumber'),
    v.check((value) => pattern === undefined || pattern.test(value), 'customValidation'),
  );
}

/** A company id as typed: required and trimmed. Whether it exists is the server's (companyIdNotFound). */
export const companyIdSchema = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'));

// SPEC.md 5.3's "company id pattern for tickets" (DTTDX followed by 6 to 9 digits) has no field to
// check here: the contract's Ticket carries the employer's or university's name, not an id, and the
// customer types company ids like TDX9960 (companyIdSchema). Add the pattern with such a field.
