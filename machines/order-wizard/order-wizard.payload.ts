import { defaultCountry } from '#src/domain/address';
import { defaultCompanyId, type ProductName, products } from '#src/domain/product';
import type { OrderSubmitPayload, OrderWizardData, Person } from './order-wizard.types';

/**
 * From the collected data to the contract's payloads (SPEC.md 3, order submit payload; docs/architecture.md#data-and-state):
 * the company the order and its quote are for, the traveler, and the submit payload. Pure.
 */

/** The company of the order: the chosen one (trimmed), or DEU4900 where the product has no company step. */
export function companyIdOf(data: Pick<OrderWizardData, 'company'>, product: ProductName = 'deuti'): string {
  return products[product].hasCompanies && data.company ? data.company.companyId.trim() : defaultCompanyId;
}

/** The traveler of the order: the billing person when the subscriber travels. */
export function travelerOf(data: OrderWizardData): Person | undefined {
  const step = data.startAndTraveler;
  if (!step) return undefined;
  if (!step.isTraveler) return { firstName: step.firstName, lastName: step.lastName, gender: step.gender, birthdate: step.birthdate };
  const billing = data.billing;
  return billing ? { firstName: billing.firstName, lastName: billing.lastName, gender: billing.gender, birthdate: billing.birthdate } : undefined;
}

/** Whether every part the submit payload needs is there (the summary's values aside). */
export function isOrderDataComplete(data: OrderWizardData, product: ProductName = 'deuti'): boolean {
  return Boolean(data.startAndTraveler && data.billing && data.quote && (!products[product].hasCompanies || data.company));
}

/**
 * The submit payload (the contract's OrderSubmitRequest) from the collected data. The product is
 * always sent (deuti by default). `company_user_info` is sent for the products with a company step;
 * deuti has no staff number and the contract requires one there (minLength 1), so deuti omits it
 * and the server takes DEU4900 (`defaultCompanyId`), the company its quote was made for. Throws
 * when a part is missing (the machine submits only complete data).
 */
export function buildSubmitPayload(data: OrderWizardData, product: ProductName = 'deuti', affiliate?: string): OrderSubmitPayload {
  const { startAndTraveler, billing, quote, company, summary } = data;
  const traveler = travelerOf(data);
  if (!startAndTraveler || !billing || !quote || !traveler) throw new Error('buildSubmitPayload: start date, traveler, billing address and quote are needed');
  if (products[product].hasCompanies && !company) throw new Error(`buildSubmitPayload: ${product} needs the company step`);
  if (summary && !(summary.areConditionsOfTransportAccepted && summary.areAgbAccepted)) throw new Error('buildSubmitPayload: the terms are not accepted');
  const addition = billing.addition?.trim();
  return {
    billing_address: {
      gender: billing.gender,
      first_name: billing.firstName,
      last_name: billing.lastName,
      street: billing.street,
      house_number: billing.houseNumber,
      city: billing.city,
      zip_code: billing.zipCode,
      ...(addition ? { addition } : {}),
      birthdate: billing.birthdate,
      country: billing.country || defaultCountry,
    },
    traveler: { birthdate: traveler.birthdate, first_name: traveler.firstName, last_name: traveler.lastName, gender: traveler.gender },
    ...(products[product].hasCompanies && company ? { company_user_info: { company_id: companyIdOf(data, product), staff_number: company.staffNumber } } : {}),
    has_agreed_to_tariff_terms_and_conditions: true,
    has_agreed_to_agb: true,
    subscription_starts_at: startAndTraveler.startDate,
    ...(affiliate ? { affiliate } : {}),
    product,
    quoteId: quote.quoteId,
  };
}
