// @vitest-environment node
import fc from 'fast-check';
import * as v from 'valibot';

import { companyIdSchema, staffNumberRulesOf, staffNumberSchema, wholeValuePattern } from '#src/domain/staff-number';

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
});
