import { electronicFormatIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import * as v from 'valibot';

/**
 * Payment rules (SPEC.md 4.6, 5.2, 6.1 and 9) as valibot schemas and pure functions. The portal's
 * payment forms and the sandbox (API and hosted payment page) use the same ones. Messages are
 * codes, never sentences.
 */

// ---------------------------------------------------------------- direct-debit (SEPA) information

/** SPEC.md 5.2: the IBAN country formats the portal accepts. */
export const allowedIbanCountries = ['AT', 'LU', 'BE', 'CH', 'CZ', 'DE', 'DK', 'FR', 'NL', 'PL'] as const;
export type IbanCountry = (typeof allowedIbanCountries)[number];

/**
 * The result of checking an IBAN, in the vocabulary of the API's `iban_validation_result`
 * (`Blacklist` is added by the server, which knows the blacklist).
 */
export type IbanCheck = 'Valid' | 'Empty' | 'CountryNotAllowed' | 'InvalidLength' | 'InvalidFormat' | 'InvalidChecksum';

/** SPEC.md 5.2 "spaces removed"; letters are upper-cased as the IBAN's electronic format has them. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Checks an IBAN (after `normalizeIban`): allowed country (SPEC.md 5.2), the country's length and
 * BBAN format, the ISO 7064 mod-97 check digits and, where a country has one, the national check
 * digit (all by `ibantools`, which keeps the IBAN registry's per-country table).
 */
export function checkIban(value: string): IbanCheck {
  const iban = normalizeIban(value);
  if (iban === '') return 'Empty';
  if (!(allowedIbanCountries as readonly string[]).includes(iban.slice(0, 2))) return 'CountryNotAllowed';
  const { errorCodes } = validateIBAN(electronicFormatIBAN(iban) ?? iban);
  if (errorCodes.length === 0) return 'Valid';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'InvalidLength';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat) || errorCodes.includes(ValidationErrorsIBAN.QRIBANNotAllowed)) return 'InvalidFormat';
  return 'InvalidChecksum';
}

/** Field message codes of the payment forms. */
export const paymentFieldCodes = {
  required: 'required',
  accountHolderFormat: 'textFormatAccountHolder',
  accountHolderMax: 'maxLimit.accountHolder',
  ibanCountry: 'ibanCountry',
  invalidIban: 'invalidIban',
  bicFormat: 'bicFormat',
} as const;

/** The contract's limit for the account holder (PaymentInformation.account_name). */
export const accountHolderMaxLength = 100;

/**
 * "Latin text" (SPEC.md 5.2): letters of the Latin script (with their accents), digits, spaces and
 * the punctuation of names and company names (. , ' ’ - & / ( )); at least one Latin letter.
 */
const latinText = /^(?=.*\p{Script=Latin})[\p{Script=Latin}\p{M}0-9 .,'’&/()-]+$/u;

export function isLatinText(value: string): boolean {
  return latinText.test(value.normalize('NFC'));
}

/** The account holder: required, trimmed, Latin text, at most 100 characters. */
export const accountHolderSchema = v.pipe(
  v.string(paymentFieldCodes.required),
  v.trim(),
  v.nonEmpty(paymentFieldCodes.required),
  v.maxLength(accountHolderMaxLength, paymentFieldCodes.accountHolderMax),
  v.check((value) => value === '' || isLatinText(value), paymentFieldCodes.accountHolderFormat),
);

/** The IBAN: spaces removed, one of the allowed countries, a real IBAN (length, format, check digits). */
export const ibanSchema = v.pipe(
  v.string(paymentFieldCodes.required),
  v.transform(normalizeIban),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const result = checkIban(dataset.value);
    if (result === 'Empty') addIssue({ message: paymentFieldCodes.required });
    else if (result === 'CountryNotAllowed') addIssue({ message: paymentFieldCodes.ibanCountry });
    else if (result !== 'Valid') addIssue({ message: paymentFieldCodes.invalidIban });
  }),
);

const bicPattern = /^[A-Z0-9]{8}([A-Z0-9]{3})?$/;

export function isValidBic(value: string): boolean {
  return bicPattern.test(value);
}

/** The BIC: 8 or 11 uppercase letters or digits (surrounding spaces are trimmed). */
export const bicSchema = v.pipe(
  v.string(paymentFieldCodes.required),
  v.trim(),
  v.nonEmpty(paymentFieldCodes.required),
  v.check((value) => value === '' || isValidBic(value), paymentFieldCodes.bicFormat),
);

/** The SEPA mandate: it must be given. */
export const sepaAgreementSchema = v.literal(true, paymentFieldCodes.required);

/** The direct-debit information (PUT /api/v2/payment/paymentinformation), SPEC.md 3 and 5.2. */
export const paymentInformationSchema = v.object({
  account_name: accountHolderSchema,
  iban: ibanSchema,
  bic: bicSchema,
  has_agreed_to_sepa: sepaAgreementSchema,
});
export type PaymentInformationInput = v.InferInput<typeof paymentInformationSchema>;
export type PaymentInformation = v.InferOutput<typeof paymentInformationSchema>;

// ---------------------------------------------------------------- payment instrument badge

/** SPEC.md 4.6: the instrument statuses that show an error badge. */
export const errorInstrumentStatuses = ['Expired', 'PaymentFailed', 'SecurityCheckPending'] as const;

export type InstrumentBadge = 'success' | 'error';

/**
 * SPEC.md 4.6: success when the status is ok (any status other than the three error ones); error
 * when Expired, PaymentFailed or SecurityCheckPending, or when the call failed (`undefined`).
 */
export function instrumentBadge(instrumentStatus: string | undefined): InstrumentBadge {
  if (instrumentStatus === undefined) return 'error';
  return (errorInstrumentStatuses as readonly string[]).includes(instrumentStatus) ? 'error' : 'success';
}
