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

/** The order a date field shows its day, month and year in: de-DE `dmy` (15.03.1990), en-US `mdy` (03/15/1990). */
export type DateOrder = 'dmy' | 'mdy' | 'ymd';

function isoOf(year: number, month: number, day: number): string | undefined {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A whole date typed or pasted into a date field, as YYYY-MM-DD; undefined when it is not one
 * (decision 18). The year always has four digits; day and month one or two.
 *
 * - `1990-03-15`: ISO, year first (SPEC.md 5.1), in every locale;
 * - `15.03.1990`, `15.3.1990`, `15. 3. 1990`: dots are the German notation, always day first
 *   (SPEC.md 5.1's DD.MM.YYYY);
 * - `03/15/1990`: slashes in the order the field shows its segments (`order`): month first in
 *   en-US, day first in de-DE. A slashed date with the year first is ISO's order.
 */
export function readDateText(value: string, order: DateOrder): string | undefined {
  const text = value.trim();
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dotted = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})$/.exec(text);
  if (dotted) return isoOf(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (slashed) {
    const [first, second, year] = [Number(slashed[1]), Number(slashed[2]), Number(slashed[3])];
    return order === 'mdy' ? isoOf(year, first, second) : isoOf(year, second, first);
  }
  return undefined;
}

/** What the keys typed so far say of an ISO date (see `readTypedIsoDate`). */
export interface TypedIsoDate {
  year: number;
  /** Undefined while no month digit other than a leading 0 came. */
  month?: number | undefined;
  day?: number | undefined;
  /** The day is complete: two digits, or one that no second digit could follow (4 to 9). */
  complete: boolean;
}

/**
 * The keys a customer typed into a date field, read as the beginning of an ISO date
 * (`1990-`, `1990-03`, `1990-3-1`, `1990-03-15`): undefined until four digits and a dash came, and
 * for anything that cannot become a date (`1990-13`, `1990-02-30`).
 * The dash between month and day may be left out after a complete month (`1990-0315`). The date
 * field uses it to take `1990-03-15` typed into its segments (decision 18).
 */
export function readTypedIsoDate(typed: string): TypedIsoDate | undefined {
  const match = /^(\d{4})-(?:(0[1-9]|1[0-2]|\d)(?:(-?)(\d{0,2}))?)?$/.exec(typed);
  if (!match) return undefined;
  const [, yearText = '', monthText, dash, dayText = ''] = match;
  const year = Number(yearText);
  if (year < 1) return undefined;
  if (monthText === undefined) return { year, complete: false };
  const month = Number(monthText) === 0 ? undefined : Number(monthText);
  if (dayText === '') return { year, month, complete: false };
  // Without a dash the day follows a complete month only: "1990-1" and "3" is not month 13.
  const monthComplete = monthText.length === 2 || Number(monthText) >= 2;
  if (month === undefined || (dash !== '-' && !monthComplete)) return undefined;
  const day = Number(dayText);
  const maxDay = daysInMonth(year, month);
  if (dayText.length === 2 && (day < 1 || day > maxDay)) return undefined;
  const complete = dayText.length === 2 || day * 10 > maxDay;
  return { year, month, day: day === 0 ? undefined : day, complete };
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
