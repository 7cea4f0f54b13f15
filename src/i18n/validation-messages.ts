import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * One place that turns a validation or business code (from the valibot schemas of src/domain/ or a
 * problem document's `code`) into a translated message. Codes are SPEC.md's keys where it names
 * them (invalidBirthDate, countryFormat, companyIdNotFound, …).
 */
const messages = {
  required: msg({ id: 'common:validation.required', message: 'Please fill in this field.' }),
  textFormatName: msg({ id: 'common:validation.textFormatName', message: 'Please use Latin letters; separate parts with a hyphen or a space.' }),
  'maxLimit.firstName': msg({ id: 'common:validation.maxLimit.firstName', message: 'At most 50 characters.' }),
  'maxLimit.lastName': msg({ id: 'common:validation.maxLimit.lastName', message: 'At most 50 characters.' }),
  invalidBirthDate: msg({ id: 'common:validation.invalidBirthDate', message: 'Please enter a valid date.' }),
  birthDateMin: msg({ id: 'common:validation.birthDateMin', message: 'The date must be January 2, 1901 or later.' }),
  birthDateMax: msg({ id: 'common:validation.birthDateMax', message: 'The person must be at least 6 years old.' }),
  'maxLimit.zipCode': msg({ id: 'common:validation.maxLimit.zipCode', message: 'At most 16 characters.' }),
  countryFormat: msg({ id: 'common:validation.countryFormat', message: 'This postcode does not fit the selected country.' }),
  zipCode: msg({ id: 'common:validation.zipCode', message: 'Please enter a valid postcode.' }),
  textFormatCity: msg({ id: 'common:validation.textFormatCity', message: 'Please use Latin letters, hyphens, brackets, dots and spaces.' }),
  'maxLimit.city': msg({ id: 'common:validation.maxLimit.city', message: 'At most 80 characters.' }),
  textFormatStreet: msg({ id: 'common:validation.textFormatStreet', message: 'The street must start with a letter or a digit.' }),
  'maxLimit.street': msg({ id: 'common:validation.maxLimit.street', message: 'At most 80 characters.' }),
  textFormatHouseNumber: msg({ id: 'common:validation.textFormatHouseNumber', message: 'A house number contains a digit and may have letters or a hyphen.' }),
  'maxLimit.houseNumber': msg({ id: 'common:validation.maxLimit.houseNumber', message: 'At most 32 characters.' }),
  'maxLimit.addition': msg({ id: 'common:validation.maxLimit.addition', message: 'At most 80 characters.' }),
  'common:countrySelect.required': msg({ id: 'common:countrySelect.required', message: 'Please select a country.' }),
  invalidEmail: msg({ id: 'common:validation.invalidEmail', message: 'Please enter a valid email address.' }),
  emailTooLong: msg({ id: 'common:validation.emailTooLong', message: 'This email address is too long.' }),
  mailAddressAlreadyExists: msg({
    id: 'registration:mailAddressAlreadyExists',
    message: 'An account with this email address exists already. Please sign in instead.',
  }),
  alreadyExists: msg({ id: 'account:changeEmail.alreadyExists', message: 'This email address is already in use.' }),
  passwordTooShort: msg({ id: 'common:validation.passwordTooShort', message: 'At least 8 characters.' }),
  passwordTooLong: msg({ id: 'common:validation.passwordTooLong', message: 'At most 128 characters.' }),
  passwordLowercase: msg({ id: 'common:validation.passwordLowercase', message: 'Add a lowercase letter.' }),
  passwordUppercase: msg({ id: 'common:validation.passwordUppercase', message: 'Add an uppercase letter.' }),
  passwordDigit: msg({ id: 'common:validation.passwordDigit', message: 'Add a digit.' }),
  passwordSpecial: msg({ id: 'common:validation.passwordSpecial', message: 'Add a special character.' }),
  passwordMismatch: msg({ id: 'common:validation.passwordMismatch', message: 'The passwords do not match.' }),
  privacyStatementRequired: msg({ id: 'registration:privacyStatementRequired', message: 'Please accept the privacy statement.' }),
  companyIdFormat: msg({ id: 'order:company.companyIdFormat', message: 'Please check the company number.' }),
  companyIdNotFound: msg({ id: 'order:company.companyIdNotFound', message: 'We do not know this company number.' }),
  noWhitespace: msg({ id: 'order:company.staffNumber.noWhitespace', message: 'Please enter the number without spaces.' }),
  'minLimit.staffNumber': msg({ id: 'order:company.staffNumber.minLimit', message: 'This number is too short.' }),
  'maxLimit.staffNumber': msg({ id: 'order:company.staffNumber.maxLimit', message: 'This number is too long.' }),
  staffNumberTaken: msg({ id: 'orderSeti:staffNumberTaken', message: 'This matriculation number is already in use for a ticket.' }),
  staffNumberUnknown: msg({ id: 'orderSeti:staffNumberUnknown', message: 'We could not find this matriculation number.' }),
  nonMatchingStudentFirstName: msg({ id: 'orderSeti:nonMatchingStudentFirstName', message: 'The first name does not match the student record.' }),
  nonMatchingStudentLastName: msg({ id: 'orderSeti:nonMatchingStudentLastName', message: 'The last name does not match the student record.' }),
  textFormatAccountHolder: msg({ id: 'payment:validation.textFormatAccountHolder', message: 'Please use Latin letters.' }),
  'maxLimit.accountHolder': msg({ id: 'payment:validation.maxLimit.accountHolder', message: 'At most 100 characters.' }),
  ibanCountry: msg({ id: 'payment:validation.ibanCountry', message: 'IBANs from this country are not accepted.' }),
  invalidIban: msg({ id: 'payment:validation.invalidIban', message: 'Please check the IBAN.' }),
  bicFormat: msg({ id: 'payment:validation.bicFormat', message: 'A BIC has 8 or 11 capital letters and digits.' }),
  ibanBlacklist: msg({ id: 'payment:ibanBlacklist', message: 'This bank account cannot be used. Please use another one.' }),
  invalidPaymentInformation: msg({ id: 'payment:invalidPaymentInformation', message: 'The payment information is not valid.' }),
  // Answers of the server to a billing address or traveler change (edit-contact) that no form rule foresees.
  countryNotSupported: msg({ id: 'common:validation.countryNotSupported', message: 'We cannot send tickets to addresses in this country.' }),
  travelerMustBeSubscriber: msg({ id: 'traveler:travelerMustBeSubscriber', message: 'For this ticket the subscriber is always the traveler.' }),
  creditCardRequired: msg({ id: 'traveler:form.isTraveler.creditCardRequired', message: 'A ticket for another person can only be paid by credit card.' }),
  billingNameChangeNotAllowed: msg({ id: 'changeBillingAddress:billingNameChangeNotAllowed', message: 'The name cannot be changed for this ticket.' }),
} as const;

export type ValidationCode = keyof typeof messages;

export function isValidationCode(code: string): code is ValidationCode {
  return code in messages;
}

/** The translated message of a code; an unknown code falls back to a generic message, never to the code. */
export function validationMessage(i18n: I18n, code: string): string {
  return i18n._(isValidationCode(code) ? messages[code] : fallback);
}

const fallback = msg({ id: 'common:validation.invalid', message: 'Please check this entry.' });
