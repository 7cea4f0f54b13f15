// @vitest-environment node
import fc from 'fast-check';
import * as v from 'valibot';

import {
  additionSchema,
  billingAddressSchema,
  citySchema,
  countrySchema,
  houseNumberSchema,
  startDateTravelerSchema,
  streetSchema,
  travelerSchema,
  zipCodeFitsCountry,
  zipCodeSchema,
  zipCodeSchemaFor,
} from '#src/domain/address';
import { fieldIssues } from '#src/domain/personal-fields';

function verdict(schema: v.GenericSchema, value: unknown): string {
  const result = v.safeParse(schema, value);
  return result.success ? 'ok' : result.issues[0].message;
}

const today = new Date(2026, 10, 22);

describe('zipCode (SPEC.md 5.1)', () => {
  it.each([
    // country, zip, expected
    ['DE', '10115', 'ok'],
    ['DE', ' 80331 ', 'ok'],
    ['DE', '01067', 'ok'], // leading 0 with a non-zero second digit
    ['DE', '09999', 'ok'],
    ['DE', '00123', 'countryFormat'], // must not start with 00
    ['DE', '01000', 'countryFormat'],
    ['DE', '99999', 'countryFormat'],
    ['DE', '99998', 'ok'],
    ['DE', '1011', 'countryFormat'],
    ['DE', '101150', 'countryFormat'],
    ['DE', '1O115', 'countryFormat'],
    ['AT', '1010', 'ok'],
    ['AT', '0101', 'countryFormat'],
    ['AT', '10101', 'countryFormat'],
    ['CH', '8001', 'ok'],
    ['CH', '0800', 'countryFormat'],
    ['CH', '800', 'countryFormat'],
    ['NL', '1012 AB', 'ok'],
    ['PL', '00-950', 'ok'],
    ['NL', '1012_AB', 'countryFormat'],
    ['DE', '', 'required'],
    ['DE', '   ', 'required'],
    ['NL', '12345678901234567', 'maxLimit.zipCode'],
    ['NL', '1234567890123456', 'ok'],
  ])('%s %j → %s', (country, zip, expected) => {
    expect(verdict(zipCodeSchemaFor(country), zip)).toBe(expected);
  });

  it('maxLimit.zipCode comes before the country format', () => {
    expect(verdict(zipCodeSchema, 'x'.repeat(17))).toBe('maxLimit.zipCode');
  });

  const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));

  it('DE: a five-digit code passes exactly when it does not start with 00 and is not 01000 or 99999', () => {
    fc.assert(
      fc.property(digits(5), (zip) => {
        expect(zipCodeFitsCountry(zip, 'DE')).toBe(!zip.startsWith('00') && zip !== '01000' && zip !== '99999');
      }),
    );
  });

  it('AT and CH: a four-digit code passes exactly when it does not start with 0', () => {
    fc.assert(
      fc.property(digits(4), fc.constantFrom('AT', 'CH'), (zip, country) => {
        expect(zipCodeFitsCountry(zip, country)).toBe(!zip.startsWith('0'));
      }),
    );
  });

  it('a code with a digit count other than its country’s never passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }).chain((n) => digits(n)),
        fc.constantFrom('DE', 'AT', 'CH'),
        (zip, country) => {
          const expectedLength = country === 'DE' ? 5 : 4;
          if (zip.length !== expectedLength) expect(zipCodeFitsCountry(zip, country)).toBe(false);
        },
      ),
    );
  });

  it('surrounding spaces never change the verdict', () => {
    fc.assert(
      fc.property(digits(5), fc.constantFrom('DE', 'AT', 'CH'), (zip, country) => {
        expect(zipCodeFitsCountry(` ${zip} `, country)).toBe(zipCodeFitsCountry(zip, country));
      }),
    );
  });
});

describe('city, street, house number, addition, country (SPEC.md 5.1)', () => {
  it.each([
    [citySchema, 'Berlin', 'ok'],
    [citySchema, 'Frankfurt (Oder)', 'ok'],
    [citySchema, 'St. Gallen', 'ok'],
    [citySchema, 'Halle-Neustadt', 'ok'],
    [citySchema, 'Köln', 'ok'],
    [citySchema, 'Berlin 2', 'textFormatCity'],
    [citySchema, 'Berlin/Mitte', 'textFormatCity'],
    [citySchema, '', 'required'],
    [citySchema, 'B'.repeat(80), 'ok'],
    [citySchema, 'B'.repeat(81), 'maxLimit.city'],
    [streetSchema, 'Hauptstraße', 'ok'],
    [streetSchema, '1. Querweg', 'ok'],
    [streetSchema, 'Am Markt', 'ok'],
    [streetSchema, '-Weg', 'textFormatStreet'],
    [streetSchema, '.Straße', 'textFormatStreet'],
    [streetSchema, '', 'required'],
    [streetSchema, 'S'.repeat(81), 'maxLimit.street'],
    [houseNumberSchema, '12', 'ok'],
    [houseNumberSchema, '12a', 'ok'],
    [houseNumberSchema, '12-14', 'ok'],
    [houseNumberSchema, 'B7', 'ok'],
    [houseNumberSchema, 'a', 'textFormatHouseNumber'],
    [houseNumberSchema, '12 a', 'textFormatHouseNumber'],
    [houseNumberSchema, '12/1', 'textFormatHouseNumber'],
    [houseNumberSchema, '', 'required'],
    [houseNumberSchema, '1'.repeat(32), 'ok'],
    [houseNumberSchema, '1'.repeat(33), 'maxLimit.houseNumber'],
    [additionSchema, undefined, 'ok'],
    [additionSchema, '', 'ok'],
    [additionSchema, 'Hinterhaus, 3. OG', 'ok'],
    [additionSchema, 'x'.repeat(81), 'maxLimit.addition'],
    [countrySchema, 'DE', 'ok'],
    [countrySchema, '', 'common:countrySelect.required'],
    [countrySchema, undefined, 'common:countrySelect.required'],
    [countrySchema, 'de', 'common:countrySelect.required'],
  ])('%#: %j → %s', (schema, value, expected) => {
    expect(verdict(schema as v.GenericSchema, value)).toBe(expected);
  });
});

describe('billing address', () => {
  const valid = {
    gender: 'Female',
    firstName: ' Erika ',
    lastName: 'Mustermann',
    birthdate: '12.08.1964',
    zipCode: '10115',
    city: 'Berlin',
    street: 'Invalidenstraße',
    houseNumber: '117',
    country: 'DE',
  };

  it('passes a valid address and normalises it', () => {
    expect(v.parse(billingAddressSchema(today), valid)).toEqual({ ...valid, firstName: 'Erika', birthdate: '1964-08-12', addition: undefined });
  });

  it('a missing field is required; a missing country has its own code', () => {
    const { city: _city, country: _country, ...rest } = valid;
    const result = v.safeParse(billingAddressSchema(today), rest);
    expect(fieldIssues(result.issues ?? [])).toEqual([
      { field: 'city', code: 'required' },
      { field: 'country', code: 'common:countrySelect.required' },
    ]);
  });

  it.each([
    [{ zipCode: '1010' }, [{ field: 'zipCode', code: 'countryFormat' }]],
    [{ zipCode: '1010', country: 'AT' }, []],
    [{ zipCode: '10115', country: 'AT' }, [{ field: 'zipCode', code: 'countryFormat' }]],
    [{ zipCode: '', country: 'CH' }, [{ field: 'zipCode', code: 'required' }]],
    [{ zipCode: 'x'.repeat(17) }, [{ field: 'zipCode', code: 'maxLimit.zipCode' }]],
    [{ country: '' }, [{ field: 'country', code: 'common:countrySelect.required' }]],
    [{ birthdate: '2024-01-01' }, [{ field: 'birthdate', code: 'birthDateMax' }]],
    [
      { firstName: '', street: '-', gender: 'X' },
      [
        { field: 'gender', code: 'required' },
        { field: 'firstName', code: 'required' },
        { field: 'street', code: 'textFormatStreet' },
      ],
    ],
  ])('%j → %j', (change, expected) => {
    const result = v.safeParse(billingAddressSchema(today), { ...valid, ...change });
    expect(fieldIssues(result.issues ?? [])).toEqual(expected);
  });
});

describe('traveler (SPEC.md 5.1: isTraveler true validates only the start date)', () => {
  it('isTraveler true: nothing else is validated, other fields are dropped', () => {
    expect(v.parse(travelerSchema(today), { isTraveler: true, firstName: '', birthdate: 'nonsense' })).toEqual({ isTraveler: true });
    expect(verdict(startDateTravelerSchema(today), { isTraveler: true, firstName: '1' })).toBe('required'); // the start date
    expect(v.parse(startDateTravelerSchema(today), { isTraveler: true, startDate: '2026-12-01', lastName: '' })).toEqual({
      isTraveler: true,
      startDate: '2026-12-01',
    });
  });

  it('isTraveler false: names, gender and birthdate are required', () => {
    const result = v.safeParse(startDateTravelerSchema(today), { isTraveler: false, startDate: '2026-12-01' });
    expect(fieldIssues(result.issues ?? []).map((issue) => issue.field)).toEqual(['firstName', 'lastName', 'gender', 'birthdate']);
    expect(v.parse(travelerSchema(today), { isTraveler: false, firstName: 'Max', lastName: 'Mustermann', gender: 'Male', birthdate: '01.02.2010' })).toEqual({
      isTraveler: false,
      firstName: 'Max',
      lastName: 'Mustermann',
      gender: 'Male',
      birthdate: '2010-02-01',
    });
  });

  it('isTraveler false: a traveler younger than 6 is refused', () => {
    const result = v.safeParse(travelerSchema(today), { isTraveler: false, firstName: 'Mia', lastName: 'Klein', gender: 'Female', birthdate: '2022-05-05' });
    expect(fieldIssues(result.issues ?? [])).toEqual([{ field: 'birthdate', code: 'birthDateMax' }]);
  });

  it('without isTraveler the value is refused', () => {
    expect(verdict(travelerSchema(today), {})).toBe('required');
  });
});
