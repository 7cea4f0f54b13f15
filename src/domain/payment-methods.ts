/**
 * Which payment methods an order allows and when its payment is due (SPEC.md 4.6, 6.1, 9). Apart
 * from payment-rules.ts (IBAN, BIC, holder: ibantools and valibot), so the order wizard's summary
 * can show them without loading the IBAN checks.
 */

// ---------------------------------------------------------------- payment methods

export const paymentMethods = ['BANKACCOUNT', 'CREDITCARD'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The people of the order data for payment (SPEC.md 3; the contract's traveler keys). */
export interface PaymentPeople {
  firstName: string;
  lastName: string;
  birthdate: string;
  travelerFirstName: string;
  travelerLastName: string;
  travelerBirthdate: string;
}

function samePersonPart(a: string, b: string): boolean {
  return a.trim().normalize('NFC').toLocaleLowerCase('de-DE') === b.trim().normalize('NFC').toLocaleLowerCase('de-DE');
}

/** Whether the traveler is someone other than the billing person (names or birthdate differ). */
export function isOrderForOtherTraveler(people: PaymentPeople): boolean {
  return !(
    samePersonPart(people.firstName, people.travelerFirstName) &&
    samePersonPart(people.lastName, people.travelerLastName) &&
    people.birthdate.trim() === people.travelerBirthdate.trim()
  );
}

/** SPEC.md 6.1: ordering for a different traveler allows credit card only; otherwise both. */
export function allowedPaymentMethods(people: PaymentPeople): readonly PaymentMethod[] {
  return isOrderForOtherTraveler(people) ? ['CREDITCARD'] : paymentMethods;
}

// ---------------------------------------------------------------- payment due date

/** SPEC.md 9: days from the start date (or today, when that is later) to the due date. */
export const paymentDueDays = 4;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(value: string): number {
  const match = isoDate.exec(value);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${value}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw new RangeError(`no such date: ${value}`);
  return time;
}

/**
 * SPEC.md 4.6 and 9: the payment is due 4 days after the start date, or 4 days after today when the
 * start date is earlier than today. Dates are `YYYY-MM-DD`; `today` is the caller's (a parameter,
 * so the rule stays pure).
 */
export function paymentDueDate(startDate: string, today: string): string {
  const from = Math.max(parseIsoDate(startDate), parseIsoDate(today));
  return new Date(from + paymentDueDays * 86_400_000).toISOString().slice(0, 10);
}
