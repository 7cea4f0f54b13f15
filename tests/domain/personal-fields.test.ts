// @vitest-environment node
import fc from 'fast-check';
import * as v from 'valibot';

import {
  birthdateBounds,
  birthdateSchema,
  fieldIssues,
  firstNameSchema,
  genderSchema,
  lastNameSchema,
  parseDate,
  readDateText,
  readTypedIsoDate,
  startDateSchema,
  terminationDateSchema,
  toIsoDate,
} from '#src/domain/personal-fields';

/** The first issue code of a value, or 'ok' (and the output) when it passes. */
function verdict(schema: v.GenericSchema, value: unknown): string {
  const result = v.safeParse(schema, value);
  return result.success ? 'ok' : result.issues[0].message;
}

const today = new Date(2026, 10, 22); // 22 November 2026, local calendar

describe('gender (SPEC.md 5.1)', () => {
  it.each([
    ['Male', 'ok'],
    ['Female', 'ok'],
    ['NotSpecified', 'ok'],
    ['', 'required'],
    [undefined, 'required'],
    ['male', 'required'],
    ['Diverse', 'required'],
  ])('%j → %s', (value, expected) => {
    expect(verdict(genderSchema, value)).toBe(expected);
  });
});

describe('firstName and lastName (SPEC.md 5.1: required, trimmed, Latin letters, parts by hyphen or space, max 50)', () => {
  it.each([
    ['Erika', 'ok'],
    ['Anna-Lena', 'ok'],
    ['Anna Lena', 'ok'],
    ['von Bülow', 'ok'],
    ['Łukasz', 'ok'],
    ['Åsa', 'ok'],
    ['Straße', 'ok'],
    ['Ce\u0301line', 'ok'], // decomposed é
    ['  Erika  ', 'ok'],
    ['', 'required'],
    ['   ', 'required'],
    [undefined, 'required'],
    ['Anna--Lena', 'textFormatName'],
    ['Anna  Lena', 'textFormatName'],
    ['-Anna', 'textFormatName'],
    ['Anna-', 'textFormatName'],
    ["O'Brien", 'textFormatName'],
    ['Erika2', 'textFormatName'],
    ['Иван', 'textFormatName'],
    ['李', 'textFormatName'],
    ['Ⅻ', 'textFormatName'], // a Roman numeral is of the Latin script but no letter
    ['A'.repeat(50), 'ok'],
    ['A'.repeat(51), 'maxLimit.firstName'],
  ])('firstName %j → %s', (value, expected) => {
    expect(verdict(firstNameSchema, value)).toBe(expected);
  });

  it('trims the value it outputs', () => {
    expect(v.parse(lastNameSchema, '  Mustermann ')).toBe('Mustermann');
  });

  it('names the field in the length code', () => {
    expect(verdict(lastNameSchema, 'B'.repeat(51))).toBe('maxLimit.lastName');
  });

  const latin = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZäöüßÄÖÜéèçñøåłŁ'.split(''));
  const part = fc.array(latin, { minLength: 1, maxLength: 8 }).map((letters) => letters.join(''));
  const name = fc
    .tuple(part, fc.array(fc.tuple(fc.constantFrom('-', ' '), part), { maxLength: 3 }))
    .map(([first, rest]) => first + rest.map(([sep, p]) => sep + p).join(''))
    .filter((n) => n.length <= 50);

  it('accepts every name of Latin parts joined by single hyphens or spaces, with any padding', () => {
    fc.assert(
      fc.property(name, fc.constantFrom('', ' ', '  '), (n, pad) => {
        expect(v.parse(firstNameSchema, pad + n + pad)).toBe(n);
      }),
    );
  });

  it('refuses any such name with a digit in it', () => {
    fc.assert(
      fc.property(name, fc.integer({ min: 0, max: 9 }), fc.nat(), (n, digit, at) => {
        const i = at % (n.length + 1);
        const broken = n.slice(0, i) + String(digit) + n.slice(i);
        expect(v.safeParse(firstNameSchema, broken).success).toBe(false);
      }),
    );
  });

  it('refuses anything longer than 50 characters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 51, maxLength: 80 }).filter((s) => s.trim().length > 50),
        (s) => {
          expect(v.safeParse(firstNameSchema, s).success).toBe(false);
        },
      ),
    );
  });
});

describe('parseDate: DD.MM.YYYY and YYYY-MM-DD', () => {
  it.each([
    ['24.12.1990', '1990-12-24'],
    ['1990-12-24', '1990-12-24'],
    [' 01.02.2000 ', '2000-02-01'],
    ['29.02.2000', '2000-02-29'],
    ['29.02.1900', undefined],
    ['31.04.1990', undefined],
    ['00.01.1990', undefined],
    ['1990-13-01', undefined],
    ['1.2.1990', undefined],
    ['1990/12/24', undefined],
    ['24-12-1990', undefined],
    ['', undefined],
  ])('%j → %s', (value, expected) => {
    expect(parseDate(value)).toBe(expected);
  });
});

describe('readDateText: a whole date typed or pasted into a date field (decision 18)', () => {
  it.each([
    // ISO, year first, in every locale
    ['1990-03-15', 'dmy', '1990-03-15'],
    ['1990-03-15', 'mdy', '1990-03-15'],
    ['1990-3-5', 'dmy', '1990-03-05'],
    ['1990/03/15', 'mdy', '1990-03-15'],
    // dots: the German notation, day first whatever the field shows
    ['15.03.1990', 'dmy', '1990-03-15'],
    ['15.03.1990', 'mdy', '1990-03-15'],
    ['5.3.1990', 'dmy', '1990-03-05'],
    ['15. 3. 1990', 'dmy', '1990-03-15'],
    ['  15.03.1990\n', 'dmy', '1990-03-15'],
    // slashes: in the order of the field's segments
    ['03/15/1990', 'mdy', '1990-03-15'],
    ['3/5/1990', 'mdy', '1990-03-05'],
    ['15/03/1990', 'dmy', '1990-03-15'],
    ['03/15/1990', 'dmy', undefined],
    // not a date
    ['1990-02-29', 'dmy', undefined],
    ['31.04.1990', 'dmy', undefined],
    ['15.03.90', 'dmy', undefined],
    ['15-03-1990', 'dmy', undefined],
    ['19900315', 'dmy', undefined],
    ['March 15, 1990', 'mdy', undefined],
    ['', 'dmy', undefined],
  ] as const)('%j in a %s field → %s', (text, order, expected) => {
    expect(readDateText(text, order)).toBe(expected);
  });
});

describe('readTypedIsoDate: the keys typed so far as the beginning of YYYY-MM-DD (decision 18)', () => {
  it.each([
    ['1990', undefined],
    ['1503', undefined],
    ['15.03.', undefined],
    ['0000-', undefined],
    ['1990-', { year: 1990, complete: false }],
    ['1990-0', { year: 1990, month: undefined, complete: false }],
    ['1990-1', { year: 1990, month: 1, complete: false }],
    ['1990-03', { year: 1990, month: 3, complete: false }],
    ['1990-03-', { year: 1990, month: 3, complete: false }],
    ['1990-03-1', { year: 1990, month: 3, day: 1, complete: false }],
    ['1990-03-0', { year: 1990, month: 3, day: undefined, complete: false }],
    ['1990-03-15', { year: 1990, month: 3, day: 15, complete: true }],
    ['1990-3-5', { year: 1990, month: 3, day: 5, complete: true }],
    ['1990-02-3', { year: 1990, month: 2, day: 3, complete: true }],
    ['1990-0315', { year: 1990, month: 3, day: 15, complete: true }],
    ['1990-315', { year: 1990, month: 3, day: 15, complete: true }],
    ['1990-13', undefined],
    ['1990-00', undefined],
    ['1990-0-5', undefined],
    ['1990-02-30', undefined],
    ['1990-03-32', undefined],
    ['1990-03-155', undefined],
    ['1990--', undefined],
  ] as const)('%j → %j', (typed, expected) => {
    expect(readTypedIsoDate(typed)).toEqual(expected);
  });
});

describe('birthdate (SPEC.md 5.1 and 9, decision 18: from 1901-01-02 to today minus 6 years, both days accepted; invalidBirthDate, birthDateMin, birthDateMax)', () => {
  const schema = birthdateSchema(today);

  it.each([
    ['1990-12-24', 'ok'],
    ['24.12.1990', 'ok'],
    ['1901-01-02', 'ok'],
    ['02.01.1901', 'ok'],
    ['1901-01-01', 'birthDateMin'],
    ['31.12.1900', 'birthDateMin'],
    ['2020-11-22', 'ok'], // exactly 6 years old today
    ['2020-11-23', 'birthDateMax'],
    ['23.11.2020', 'birthDateMax'],
    ['2026-01-01', 'birthDateMax'],
    ['30.02.1990', 'invalidBirthDate'],
    ['1990-02-30', 'invalidBirthDate'],
    ['12/24/1990', 'invalidBirthDate'],
    ['gestern', 'invalidBirthDate'],
    ['', 'required'],
    [undefined, 'required'],
  ])('%j → %s', (value, expected) => {
    expect(verdict(schema, value)).toBe(expected);
  });

  it('answers YYYY-MM-DD, the form of the API', () => {
    expect(v.parse(schema, '24.12.1990')).toBe('1990-12-24');
  });

  it('bounds are the date input min and max', () => {
    expect(birthdateBounds(today)).toEqual({ min: '1901-01-02', max: '2020-11-22' });
    // 29 February minus 6 years is a year without it.
    expect(birthdateBounds(new Date(2032, 1, 29)).max).toBe('2026-02-28');
  });

  const day = fc.date({ min: new Date(1850, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true });

  it('for any today: a date passes exactly when it lies in [1901-01-02, today − 6 years], in both formats', () => {
    fc.assert(
      fc.property(day, day, (todayValue, birth) => {
        const iso = toIsoDate(birth);
        const [y, m, d] = iso.split('-');
        const german = `${d}.${m}.${y}`;
        const { min, max } = birthdateBounds(todayValue);
        const expected = iso < min ? 'birthDateMin' : iso > max ? 'birthDateMax' : 'ok';
        const s = birthdateSchema(todayValue);
        expect(verdict(s, iso)).toBe(expected);
        expect(verdict(s, german)).toBe(expected);
        if (expected === 'ok') expect(v.parse(s, german)).toBe(iso);
      }),
    );
  });

  it('the latest allowed birthdate is always at least 6 full years before today', () => {
    fc.assert(
      fc.property(day, (todayValue) => {
        const max = birthdateBounds(todayValue).max;
        const sixth = toIsoDate(todayValue).replace(/^\d{4}/, String(todayValue.getFullYear() - 6).padStart(4, '0'));
        expect(max <= sixth).toBe(true);
      }),
    );
  });
});

describe('start date and termination date (SPEC.md 5.1: required)', () => {
  it.each([
    [startDateSchema, '2026-12-01', 'ok'],
    [startDateSchema, '', 'required'],
    [terminationDateSchema, '2026-12-31', 'ok'],
    [terminationDateSchema, undefined, 'required'],
  ])('%#', (schema, value, expected) => {
    expect(verdict(schema, value)).toBe(expected);
  });
});

describe('fieldIssues', () => {
  it('gives one code per field, the first', () => {
    const schema = v.object({ firstName: firstNameSchema, birthdate: birthdateSchema(today) });
    const result = v.safeParse(schema, { firstName: '', birthdate: '1800-01-01' });
    expect(result.success).toBe(false);
    expect(fieldIssues(result.issues ?? [])).toEqual([
      { field: 'firstName', code: 'required' },
      { field: 'birthdate', code: 'birthDateMin' },
    ]);
  });
});
