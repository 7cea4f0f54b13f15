// @vitest-environment node
import * as v from 'valibot';

import { loadContract } from '#sandbox/contract';
import { type AjvError, type FailureKind, fieldCode, fieldKeys, fieldProblems, genericFieldCodes, tableCodes } from '#sandbox/field-errors';
import { emailSchema, passwordSchema, registrationSchema } from '#src/domain/account-rules';
import { additionSchema, citySchema, countrySchema, houseNumberSchema, streetSchema, zipCodeSchema, zipCodeSchemaFor } from '#src/domain/address';
import { accountHolderSchema, bicSchema, ibanSchema } from '#src/domain/payment-rules';
import { birthdateSchema, firstNameSchema, genderSchema, lastNameSchema } from '#src/domain/personal-fields';
import { staffNumberSchema } from '#src/domain/staff-number';
import { isValidationCode } from '#src/i18n/validation-messages';

/**
 * The table from schema failures to message keys (sandbox/field-errors.ts): it gives the key the
 * portal's own rule gives (src/domain), every key it gives is in the contract's FieldErrorCode, and
 * the portal has a message for each key that is not a generic one.
 */

const schemas = (loadContract() as unknown as { components: { schemas: Record<string, { enum?: string[] }> } }).components.schemas;
const fieldErrorCodes = schemas.FieldErrorCode?.enum ?? [];

const today = new Date(2026, 4, 15);

/** The first message the portal's rule gives a value. */
function domainCode(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}

/** Privacy consent, as the registration form checks it. */
function privacyCode(value: unknown): string | undefined {
  const result = v.safeParse(registrationSchema, {
    mailAddress: 'a@example.org',
    password: 'Sicher-2026!',
    repeatPassword: 'Sicher-2026!',
    isPrivacyStatementAccepted: value,
  });
  return result.success ? undefined : result.issues[0].message;
}

/**
 * For each field of the table, values that fail the portal's rule in the kind's way, and what the
 * rule answers: the table must give the same key.
 */
const domainCases: Record<keyof typeof fieldKeys, Partial<Record<FailureKind, string | undefined>>> = {
  gender: { required: domainCode(genderSchema, undefined), invalidValue: domainCode(genderSchema, 'Other') },
  firstName: {
    required: domainCode(firstNameSchema, ' '),
    tooLong: domainCode(firstNameSchema, 'A'.repeat(51)),
    invalidFormat: domainCode(firstNameSchema, 'Anna1'),
  },
  lastName: {
    required: domainCode(lastNameSchema, ''),
    tooLong: domainCode(lastNameSchema, 'B'.repeat(51)),
    invalidFormat: domainCode(lastNameSchema, 'Мюллер'),
  },
  birthdate: { required: domainCode(birthdateSchema(today), ''), invalidFormat: domainCode(birthdateSchema(today), '1990-02-30') },
  zipCode: {
    required: domainCode(zipCodeSchema, ''),
    tooLong: domainCode(zipCodeSchema, '1'.repeat(17)),
    invalidFormat: domainCode(zipCodeSchemaFor('DE'), '1234'),
  },
  city: { required: domainCode(citySchema, ''), tooLong: domainCode(citySchema, 'C'.repeat(81)), invalidFormat: domainCode(citySchema, '1Berlin') },
  street: { required: domainCode(streetSchema, ''), tooLong: domainCode(streetSchema, 'S'.repeat(81)), invalidFormat: domainCode(streetSchema, '-Weg') },
  houseNumber: {
    required: domainCode(houseNumberSchema, ''),
    tooLong: domainCode(houseNumberSchema, '1'.repeat(33)),
    invalidFormat: domainCode(houseNumberSchema, 'abc'),
  },
  addition: { tooLong: domainCode(additionSchema, 'A'.repeat(81)) },
  country: { required: domainCode(countrySchema, undefined), invalidFormat: domainCode(countrySchema, 'Deutschland') },
  email: {
    required: domainCode(emailSchema, ''),
    tooLong: domainCode(emailSchema, `${'a'.repeat(250)}@example.org`),
    invalidFormat: domainCode(emailSchema, 'no-address'),
  },
  password: {
    required: domainCode(passwordSchema, ''),
    tooShort: domainCode(passwordSchema, 'Aa1!'),
    tooLong: domainCode(passwordSchema, `Aa1!${'a'.repeat(130)}`),
  },
  hasAgreedToPrivacyPolicy: { required: privacyCode(false) },
  accountHolder: { tooLong: domainCode(accountHolderSchema, 'A'.repeat(101)), invalidFormat: domainCode(accountHolderSchema, 'Дмитрий') },
  iban: { required: domainCode(ibanSchema, ''), invalidFormat: domainCode(ibanSchema, 'DE00 1234') },
  bic: { invalidFormat: domainCode(bicSchema, 'abc') },
  staffNumber: { required: domainCode(staffNumberSchema(), ''), invalidFormat: domainCode(staffNumberSchema(), 'a b') },
};

describe('the field error table', () => {
  it('gives, for each field and kind of failure, the key the portal’s own rule gives', () => {
    for (const [field, cases] of Object.entries(domainCases)) {
      for (const [kind, expected] of Object.entries(cases)) {
        expect(expected, `${field} ${kind}: the domain rule accepts the value`).toBeDefined();
        expect(fieldCode(field, kind as FailureKind), `${field} ${kind}`).toBe(expected);
      }
    }
  });

  it('has a domain case for every field it lists, and every kind it names for one', () => {
    expect(Object.keys(domainCases).sort()).toEqual(Object.keys(fieldKeys).sort());
    for (const [field, keys] of Object.entries(fieldKeys)) {
      const cases = domainCases[field] ?? {};
      expect(
        Object.keys(keys).filter((kind) => !(kind in cases)),
        field,
      ).toEqual([]);
    }
  });

  it('names fields as the contract does: snake_case and other names of the same field', () => {
    expect(fieldCode('billing_address.zip_code', 'tooLong')).toBe('maxLimit.zipCode');
    expect(fieldCode('traveler.first_name', 'tooLong')).toBe('maxLimit.firstName');
    expect(fieldCode('travelerBirthdate', 'invalidFormat')).toBe('invalidBirthDate');
    expect(fieldCode('username', 'invalidFormat')).toBe('invalidEmail');
    expect(fieldCode('new_email', 'tooLong')).toBe('emailTooLong');
    expect(fieldCode('userMail', 'tooLong')).toBe('emailTooLong');
    expect(fieldCode('new_password', 'tooShort')).toBe('passwordTooShort');
    expect(fieldCode('account_name', 'tooLong')).toBe('maxLimit.accountHolder');
    expect(fieldCode('query.subscriptionStartsOn', 'invalidFormat')).toBe('invalidFormat');
    expect(fieldCode('company_user_info.staff_number', 'invalidFormat')).toBe('noWhitespace');
    expect(fieldCode('affiliate', 'tooLong')).toBe('tooLong');
    expect(fieldCode('header.idempotency-key', 'tooShort')).toBe('tooShort');
  });

  it('gives only codes of the contract’s FieldErrorCode, and the portal has a message for each that is not generic', () => {
    expect(fieldErrorCodes.length).toBeGreaterThan(0);
    expect(tableCodes().filter((code) => !fieldErrorCodes.includes(code))).toEqual([]);
    const generic: readonly string[] = genericFieldCodes;
    expect(tableCodes().filter((code) => !generic.includes(code) && !isValidationCode(code))).toEqual([]);
  });
});

describe('fieldProblems (ajv errors → problem errors)', () => {
  const error = (instancePath: string, keyword: string, params: Record<string, unknown> = {}, schemaPath = ''): AjvError => ({
    instancePath,
    keyword,
    params,
    schemaPath,
  });

  it('names body fields by their path, parameters by where and name, the body as a whole `body`', () => {
    expect(
      fieldProblems([
        error('/requestBody/billing_address/zip_code', 'maxLength', { limit: 16 }),
        error('/requestBody/billing_address', 'required', { missingProperty: 'city' }),
        error('/query', 'required', { missingProperty: 'subscriptionStartsOn' }),
        error('/query', 'additionalProperties', { additionalProperty: 'unknown' }),
        error('/header/idempotency-key', 'minLength', { limit: 8 }),
        error('/requestBody', 'type', { type: 'object' }),
        error('', 'required', { missingProperty: 'requestBody' }),
      ]),
    ).toEqual([
      { field: 'billing_address.zip_code', code: 'maxLimit.zipCode' },
      { field: 'billing_address.city', code: 'required' },
      { field: 'query.subscriptionStartsOn', code: 'required' },
      { field: 'query.unknown', code: 'invalidValue' },
      { field: 'header.idempotency-key', code: 'tooShort' },
      { field: 'body', code: 'invalidValue' },
    ]);
  });

  it('reports a field once, with its first failure; an empty value and a consent not given are `required`', () => {
    expect(
      fieldProblems([
        error('/requestBody/email', 'maxLength', { limit: 254 }),
        error('/requestBody/email', 'format', { format: 'email' }),
        error('/requestBody/first_name', 'minLength', { limit: 1 }),
        error('/requestBody/has_agreed_to_agb', 'const', { allowedValue: true }),
        error('/requestBody/has_agreed_to_privacy_policy', 'const', { allowedValue: true }),
      ]),
    ).toEqual([
      { field: 'email', code: 'emailTooLong' },
      { field: 'first_name', code: 'required' },
      { field: 'has_agreed_to_agb', code: 'required' },
      { field: 'has_agreed_to_privacy_policy', code: 'privacyStatementRequired' },
    ]);
  });

  it('leaves out combining keywords, and of a oneOf keeps the alternative the request meant', () => {
    expect(
      fieldProblems([
        error('/requestBody/grant_type', 'const', { allowedValue: 'authorization_code' }, '#/properties/requestBody/oneOf/0/properties/grant_type/const'),
        error('/requestBody', 'required', { missingProperty: 'code' }, '#/properties/requestBody/oneOf/0/required'),
        error('/requestBody', 'required', { missingProperty: 'client_id' }, '#/properties/requestBody/oneOf/1/required'),
        error('/requestBody/grant_type', 'const', { allowedValue: 'urn:x' }, '#/properties/requestBody/oneOf/2/properties/grant_type/const'),
        error('/requestBody', 'oneOf', { passingSchemas: null }, '#/properties/requestBody/oneOf'),
      ]),
    ).toEqual([{ field: 'client_id', code: 'required' }]);
    expect(
      fieldProblems([error('/requestBody', 'if', { failingKeyword: 'then' }), error('/requestBody', 'required', { missingProperty: 'firstName' })]),
    ).toEqual([{ field: 'firstName', code: 'required' }]);
    expect(fieldProblems([error('/requestBody', 'oneOf', {})])).toEqual([{ field: 'body', code: 'invalidValue' }]);
  });
});
