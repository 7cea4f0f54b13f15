import * as v from 'valibot';

/**
 * The personal fields of SPEC.md 5.1 (gender, names, birthdate) as valibot schemas, shared by the
 * portal's forms and the sandbox, so client and server agree by construction. Every message is a
 * code (the SPEC key where SPEC.md names one), never a sentence: the form maps it to a Lingui message.
 */

export const genders = ['Male', 'Female', 'NotSpecified'] as const;
export type Gender = (typeof genders)[number];

/** Required; one of Male, Female, NotSpecified. */
export const genderSchema = v.picklist(genders, 'required');

export const nameMaxLength = 50;

/**
 * One Latin letter: a letter of the Latin script (so ä, é, ß and ł count, digits and Cyrillic do
 * not), with any combining marks that follow it (a decomposed é).
 */
export const latinLetter = String.raw`(?:(?=\p{L})\p{Script=Latin}\p{M}*)`;

/** Latin letters only, in parts separated by one hyphen or space: "Anna-Lena", "von Bülow". */
export const latinNamePattern = new RegExp(`^${latinLetter}+(?:[- ]${latinLetter}+)*$`, 'u');

/** firstName / lastName: required, trimmed, Latin letters in parts, at most 50 (SPEC.md 5.1). */
function nameSchema(field: 'firstName' | 'lastName') {
  return v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(nameMaxLength, `maxLimit.${field}`),
    v.regex(latinNamePattern, 'textFormatName'),
  );
}

export const firstNameSchema = nameSchema('firstName');
export const lastNameSchema = nameSchema('lastName');

// ---------------------------------------------------------------- dates

/** A calendar date as YYYY-MM-DD in the local calendar (not UTC): what "today" means to a customer. */
export function toIsoDate(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(year, month, 0).getDate();
}

/**
 * Reads a date in one of the accepted formats, DD.MM.YYYY or YYYY-MM-DD, and answers it as
 * YYYY-MM-DD; undefined when the text has another form or names no real day (31.02.2000).
 */
export function parseDate(value: string): string | undefined {
  const text = value.trim();
  const german = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = german ? [german[3], german[2], german[1]].map(Number) : iso ? [iso[1], iso[2], iso[3]].map(Number) : [];
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** SPEC.md 9: the earliest birthdate. */
export const minBirthdate = '1901-01-02';
/** SPEC.md 9: a customer or traveler is at least 6 years old. */
export const minimumAgeYears = 6;

/**
 * The bounds of a birthdate, both inclusive, as the date input's min and max: 1901-01-02 and today
 * minus 6 years (29 February falls back to 28 February in a year without it).
 */
export function birthdateBounds(today: Date): { min: string; max: string } {
  const year = today.getFullYear() - minimumAgeYears;
  const month = today.getMonth() + 1;
  const day = Math.min(today.getDate(), daysInMonth(year, month));
  return { min: minBirthdate, max: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/**
 * birthdate (also called birthDay): required, a real date in DD.MM.YYYY or YYYY-MM-DD, from
 * 1901-01-02 up to today minus 6 years. Codes: required, invalidBirthDate, birthDateMin,
 * birthDateMax. The output is YYYY-MM-DD, the form the API takes. `today` is a parameter so that the
 * rule is testable and a long-open form can be re-validated against a new day.
 */
export function birthdateSchema(today: Date) {
  const { min, max } = birthdateBounds(today);
  return v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.check((value) => parseDate(value) !== undefined, 'invalidBirthDate'),
    v.check((value) => (parseDate(value) ?? min) >= min, 'birthDateMin'),
    v.check((value) => (parseDate(value) ?? max) <= max, 'birthDateMax'),
    v.transform((value) => parseDate(value) ?? value),
  );
}

/** A date the customer picks from offered ones: the start date, the termination date (SPEC.md 5.1). */
export const requiredDateSchema = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'));
export const startDateSchema = requiredDateSchema;
export const terminationDateSchema = requiredDateSchema;

// ---------------------------------------------------------------- issues as field errors

/**
 * The message of an object schema, for a field that is missing altogether: `required`, or the
 * field's own code (`{ country: 'common:countrySelect.required' }`), the same code as an empty value.
 */
export function missingFieldMessage(codes: Readonly<Record<string, string>> = {}) {
  return (issue: v.BaseIssue<unknown>): string => {
    const key = issue.path?.at(-1)?.key;
    return (typeof key === 'string' ? codes[key] : undefined) ?? 'required';
  };
}

export interface FieldIssue {
  /** Dot path of the field in the validated value, e.g. `zipCode` or `traveler.birthdate`. */
  field: string;
  /** The message code, e.g. `countryFormat`. */
  code: string;
}

/**
 * The issues of a failed parse as one `{ field, code }` per field, the first issue of each (a value
 * that is empty is reported as `required`, not also as a format error).
 */
export function fieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '';
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, code]) => ({ field, code }));
}
