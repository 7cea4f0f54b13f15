import type { AccountValues, BillingValues, CompanyValues, Quote } from '#machines/order-wizard/order-wizard.types';
import type { ProductName } from '#src/domain/product';
import { demoPassword, type Locale } from '../support';

/**
 * The order wizard's browser model: its variants and the seeded data its paths use (sandbox/seed,
 * README.md). The model that explores the machine is graph.ts; the browser that drives a path, driver.ts.
 */

export interface Variant {
  product: ProductName;
  /** Visitor at /order who registers; otherwise a signed-in customer at /app/order. */
  registration: boolean;
  locale: Locale;
  name: string;
}

/** de-DE (the default) for most; one variant in en-US. */
export const variants: readonly Variant[] = [
  { product: 'deuti', registration: true, locale: 'de-DE', name: 'deuti visitor' },
  { product: 'deuti', registration: false, locale: 'de-DE', name: 'deuti customer' },
  { product: 'joti', registration: true, locale: 'en-US', name: 'joti visitor (en-US)' },
  { product: 'joti', registration: false, locale: 'de-DE', name: 'joti customer' },
  { product: 'seti', registration: true, locale: 'de-DE', name: 'seti visitor' },
  { product: 'seti', registration: false, locale: 'de-DE', name: 'seti customer' },
];

/** The demo account of each product (README.md), for the signed-in variant and the sign-in detour. */
export const demoAccounts: Record<ProductName, string> = { deuti: 'deuti@example.com', joti: 'joti@example.com', seti: 'seti@example.com' };

/** The quotes as the sandbox gives them (sandbox/seed/catalog.ts); only customerPrice matters here (skipPayment), the id is not checked. */
export const quotes = {
  DEU4900: { customerRealPrice: 63, totalPrice: 63, customerPrice: 63, employerPrice: 0, quoteId: 'DEU4900' },
  TDX9960: { customerRealPrice: 38, totalPrice: 63, customerPrice: 38, employerPrice: 25, quoteId: 'TDX9960' },
  TDX9950: { customerRealPrice: 0, totalPrice: 63, customerPrice: 0, employerPrice: 63, quoteId: 'TDX9950' },
  UNI0001: { customerRealPrice: 0, totalPrice: 63, customerPrice: 0, employerPrice: 63, quoteId: 'UNI0001' },
} satisfies Record<string, Quote>;

/**
 * seti: every order takes its matriculation number (sandbox/handlers/orders.ts), and a taken one is
 * refused at the company step. A path that only passes the company step uses 4711003 (Lena Fischer,
 * which the other specs check but never order); each path that orders gets a student of its own.
 * 4711001 is taken in the seed, 4711002 is ordered by order-more.spec.ts.
 */
export interface Student {
  number: string;
  firstName: string;
  lastName: string;
}
export const checkedStudent: Student = { number: '4711003', firstName: 'Lena', lastName: 'Fischer' };
export const orderingStudents: readonly Student[] = [
  { number: '4711006', firstName: 'Jonas', lastName: 'Becker' },
  { number: '4711007', firstName: 'Mia', lastName: 'Hoffmann' },
  { number: '4711008', firstName: 'Felix', lastName: 'Koch' },
  { number: '4711009', firstName: 'Hannah', lastName: 'Richter' },
];

/** The companies the company step offers in the model (seeded, see README.md). */
export const companies: Record<ProductName, CompanyValues[]> = {
  deuti: [],
  joti: [
    { companyId: 'TDX9960', staffNumber: 'P-123456' },
    { companyId: 'TDX9950', staffNumber: '123456' },
  ],
  // The student is a placeholder: the browser types the path's student (see `Student`).
  seti: [{ companyId: 'UNI0001', staffNumber: 'student', student: { firstName: 'student', lastName: 'student' } }],
};

/** The quote the sandbox gives a company (for any offered month): the answer of the wizard's fetchQuote. */
export function quoteOf(companyId: string): Quote {
  return quotes[companyId as keyof typeof quotes] ?? quotes.DEU4900;
}

/**
 * The offered start months: the sandbox offers this month and the next three, joti from next month
 * (sandbox/handlers/orders.ts). The start step's Next sends the second (`chooseStart`); choosing the
 * first, the current month, asks first from the 11th on (SPEC.md 4.1).
 */
export function offeredMonth(product: ProductName, index: 0 | 1): string {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() + (product === 'joti' ? 1 : 0) + index, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}-01`;
}
export const secondOfferedMonth = (product: ProductName): string => offeredMonth(product, 1);
export const otherTraveler = { firstName: 'Max', lastName: 'Musterkind', gender: 'Male', birthdate: '2012-04-03' } as const;
export const billing: BillingValues = {
  gender: 'Female',
  firstName: 'Erika',
  lastName: 'Musterfrau',
  birthdate: '1990-03-15',
  zipCode: '10115',
  city: 'Berlin',
  street: 'Invalidenstraße',
  houseNumber: '117',
  country: 'DE',
};

/**
 * The account step's two addresses: a new one, and one registered elsewhere meanwhile (after the
 * step's in-use check passed, before the order: `registerMeanwhile`), which the registration answers
 * with 409 mailAddressAlreadyExists. The browser types a unique address for each.
 */
export const freshAddress = 'fresh@model.invalid';
export const takenAddress = 'registered-meanwhile@model.invalid';
export const account = (mailAddress: string): AccountValues => ({
  mailAddress,
  password: demoPassword,
  repeatPassword: demoPassword,
  isPrivacyStatementAccepted: true,
  isMarketingInformationAccepted: false,
});
export const accepted = { areConditionsOfTransportAccepted: true, areAgbAccepted: true };

/** The order numbers' prefix per product (sandbox/seed/ids.ts). */
export const orderPrefix: Record<ProductName, string> = { deuti: 'A', joti: 'B', seti: 'C' };
