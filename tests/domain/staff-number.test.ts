// @vitest-environment node
import fc from 'fast-check';
import * as v from 'valibot';

import { companyIdSchema, isTicketCompanyId, staffNumberRulesOf, staffNumberSchema, ticketCompanyIdSchema, wholeValuePattern } from '#src/domain/staff-number';

function verdict(schema: v.GenericSchema, value: unknown): string {
  const result = v.safeParse(schema, value);
  return result.success ? 'ok' : result.issues[0].message;
}

describe('staff number (SPEC.md 5.3: required, no whitespace, then the server rule)', () => {
  it.each([
    ['P-100234', 'ok'],
    ['', 'required'],
    [undefined, 'required'],
    ['P 100234', 'noWhitespace'],
    [' P-100234', 'noWhitespace'],
    ['P-100234\t', 'noWhitespace'],
  ])('without a server rule: %j → %s', (value, expected) => {
    expect(verdict(staffNumberSchema(), value)).toBe(expected);
  });

  const rule = { minLength: 8, maxLength: 8, pattern: 'P-\\d{6}' };
  it.each([
    ['P-100234', 'ok'],
    ['P-10023', 'minLimit.staffNumber'],
    ['P-1002345', 'maxLimit.staffNumber'],
    ['X-100234', 'customValidation'],
    ['xP-10023', 'customValidation'], // the pattern must match the whole value
    ['P-1002 4', 'noWhitespace'],
  ])('with min 8, max 8, /P-\\d{6}/: %j → %s', (value, expected) => {
    expect(verdict(staffNumberSchema(rule), value)).toBe(expected);
  });

  it('takes the rule from the company form field', () => {
    expect(staffNumberRulesOf({ minLength: 7, maxLength: 7, customValidation: { value: '\\d{7}' } })).toEqual({
      minLength: 7,
      maxLength: 7,
      pattern: '\\d{7}',
    });
    expect(staffNumberRulesOf(undefined)).toEqual({ minLength: undefined, maxLength: undefined, pattern: undefined });
  });

  it('leaves out a pattern that is no regular expression', () => {
    expect(wholeValuePattern('([')).toBeUndefined();
    expect(verdict(staffNumberSchema({ pattern: '([' }), 'abc')).toBe('ok');
  });

  it('any value with whitespace in it is refused, whatever the rule', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(' ', '\t', '\n', '\u00a0'), fc.string(), (before, space, after) => {
        expect(v.safeParse(staffNumberSchema(), before + space + after).success).toBe(false);
      }),
    );
  });

  it('without a rule, any non-empty value without whitespace passes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => !/\s/.test(s)),
        (value) => {
          expect(v.parse(staffNumberSchema(), value)).toBe(value);
        },
      ),
    );
  });

  it('the length rule holds for any bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 20 }), (min, extra, length) => {
        const max = min + extra;
        const value = '7'.repeat(length);
        const expected = length < min ? 'minLimit.staffNumber' : length > max ? 'maxLimit.staffNumber' : 'ok';
        expect(verdict(staffNumberSchema({ minLength: min, maxLength: max }), value)).toBe(expected);
      }),
    );
  });
});

describe('company id', () => {
  it.each([
    ['TDX9960', 'ok'],
    ['  TDX9960 ', 'ok'],
    ['', 'required'],
    ['   ', 'required'],
  ])('%j → %s', (value, expected) => {
    expect(verdict(companyIdSchema, value)).toBe(expected);
  });

  it.each([
    ['DTTDX123456', true],
    ['DTTDX123456789', true],
    ['DTTDX12345', false],
    ['DTTDX1234567890', false],
    ['dttdx123456', false],
    ['TDX123456', false],
    ['DTTDX12345a', false],
  ])('ticket company id (DTTDX + 6 to 9 digits): %s → %s', (value, expected) => {
    expect(isTicketCompanyId(value)).toBe(expected);
    expect(verdict(ticketCompanyIdSchema, value)).toBe(expected ? 'ok' : 'companyIdFormat');
  });

  it('DTTDX with n digits passes exactly for 6 ≤ n ≤ 9', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 12 }), (digits) => {
        expect(isTicketCompanyId(`DTTDX${digits.join('')}`)).toBe(digits.length >= 6 && digits.length <= 9);
      }),
    );
  });
});
