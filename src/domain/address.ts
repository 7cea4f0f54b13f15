import * as v from 'valibot';

import { birthdateSchema, firstNameSchema, genderSchema, lastNameSchema, latinLetter, missingFieldMessage, startDateSchema } from './personal-fields';

/**
 * The address fields of SPEC.md 5.1, the billing address (contact) and the traveler with its
 * isTraveler rule, as valibot schemas shared by the portal's forms and the sandbox. Messages are
 * codes: the SPEC keys (maxLimit.zipCode, countryFormat, textFormatStreet,
 * common:countrySelect.required) and, where SPEC.md names none, keys of the same shape.
 */

/** SPEC.md 3: the country of an address is DE unless the customer picks another. */
export const defaultCountry = 'DE';

export const addressLimits = { zipCode: 16, city: 80, street: 80, houseNumber: 32, addition: 80 } as const;

// ---------------------------------------------------------------- zip code

/**
 * Whether a (trimmed) zip code has the form of its country:
 * - DE: five digits, not 01000 or 99999, and a leading 0 needs a non-zero second digit (no "00…");
 * - AT and CH: four digits, not starting with 0;
 * - any other country: letters and digits, inner spaces or hyphens allowed.
 */
export function zipCodeFitsCountry(zipCode: string, country: string): boolean {
  const zip = zipCode.trim();
  switch (country) {
    case 'DE':
      return /^\d{5}$/.test(zip) && !zip.startsWith('00') && zip !== '01000' && zip !== '99999';
    case 'AT':
    case 'CH':
      return /^[1-9]\d{3}$/.test(zip);
    default:
      return /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/.test(zip);
  }
}

/** zipCode without its country: required, trimmed, at most 16 (maxLimit.zipCode). */
export const zipCodeSchema = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(addressLimits.zipCode, 'maxLimit.zipCode'));

/** zipCode for a known country, for a form field that re-validates when the country changes. */
export function zipCodeSchemaFor(country: string) {
  return v.pipe(
    zipCodeSchema,
    v.check((zip) => zipCodeFitsCountry(zip, country), 'countryFormat'),
  );
}

// ---------------------------------------------------------------- the other address fields

/** Latin letters, hyphen, parentheses, dot and space, starting with a letter: "Frankfurt (Oder)", "St. Gallen". */
export const cityPattern = new RegExp(`^${latinLetter}(?:${latinLetter}|[-(). ])*$`, 'u');

export const citySchema = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(addressLimits.city, 'maxLimit.city'),
  v.regex(cityPattern, 'textFormatCity'),
);

/** Starts with a letter or a digit (textFormatStreet). */
export const streetSchema = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(addressLimits.street, 'maxLimit.street'),
  v.regex(/^[\p{L}\p{N}]/u, 'textFormatStreet'),
);

/** Digits with optional letters or hyphens, and at least one digit: 12, 12a, 12-14, 3b-5. */
export const houseNumberPattern = /^(?=[^\d]*\d)[0-9A-Za-z-]+$/;

export const houseNumberSchema = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(addressLimits.houseNumber, 'maxLimit.houseNumber'),
  v.regex(houseNumberPattern, 'textFormatHouseNumber'),
);

export const additionSchema = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(addressLimits.addition, 'maxLimit.addition')));

const countryRequired = 'common:countrySelect.required';

/** Required, an ISO 3166-1 alpha-2 code (message common:countrySelect.required). */
export const countrySchema = v.pipe(v.string(countryRequired), v.trim(), v.regex(/^[A-Z]{2}$/, countryRequired));

// ---------------------------------------------------------------- billing address (contact)

/**
 * The billing address form (SPEC.md 3, contact or billing), camelCase as the contract's Contact:
 * the person and the address, with the zip code checked against the country (countryFormat, on
 * zipCode). The birthdate comes out as YYYY-MM-DD.
 */
export function billingAddressSchema(today: Date) {
  return v.pipe(
    v.object(
      {
        gender: genderSchema,
        firstName: firstNameSchema,
        lastName: lastNameSchema,
        birthdate: birthdateSchema(today),
        zipCode: zipCodeSchema,
        city: citySchema,
        street: streetSchema,
        houseNumber: houseNumberSchema,
        addition: additionSchema,
        country: countrySchema,
      },
      missingFieldMessage({ country: countryRequired }),
    ),
    v.forward(
      v.partialCheck([['zipCode'], ['country']], (input) => zipCodeFitsCountry(input.zipCode, input.country), 'countryFormat'),
      ['zipCode'],
    ),
  );
}

export type BillingAddressInput = v.InferInput<ReturnType<typeof billingAddressSchema>>;
export type BillingAddress = v.InferOutput<ReturnType<typeof billingAddressSchema>>;

// ---------------------------------------------------------------- traveler

/**
 * The traveler (SPEC.md 5.1): when isTraveler is true the subscriber travels and nothing more is
 * validated (other fields are dropped); when false, the traveler's names, gender and birthdate are
 * required. This is the contract's TravelerData, used by the traveler edit screens.
 */
export function travelerSchema(today: Date) {
  return v.variant(
    'isTraveler',
    [
      v.object({ isTraveler: v.literal(true) }, missingFieldMessage()),
      v.object(
        {
          isTraveler: v.literal(false),
          firstName: firstNameSchema,
          lastName: lastNameSchema,
          gender: genderSchema,
          birthdate: birthdateSchema(today),
        },
        missingFieldMessage(),
      ),
    ],
    'required',
  );
}

/**
 * The wizard step "start date and traveler": the start date is always required; the traveler
 * fields only when isTraveler is false.
 */
export function startDateTravelerSchema(today: Date) {
  return v.variant(
    'isTraveler',
    [
      v.object({ isTraveler: v.literal(true), startDate: startDateSchema }, missingFieldMessage()),
      v.object(
        {
          isTraveler: v.literal(false),
          startDate: startDateSchema,
          firstName: firstNameSchema,
          lastName: lastNameSchema,
          gender: genderSchema,
          birthdate: birthdateSchema(today),
        },
        missingFieldMessage(),
      ),
    ],
    'required',
  );
}

export type Traveler = v.InferOutput<ReturnType<typeof travelerSchema>>;
export type StartDateTraveler = v.InferOutput<ReturnType<typeof startDateTravelerSchema>>;
