/**
 * SPEC.md 4.2: which price text the portal shows for a quote (the contract's Quote, prices in euro).
 *
 * - customerRealPrice 0: fully subsidized.
 * - customerRealPrice above 0 and below totalPrice: partly subsidized.
 * - anything else (the full price or more, or a negative price): not subsidized.
 * - The 15 company ids TDX9960 to TDX9975 without TDX9966 get a special partly-subsidized text.
 *
 * Decision: SPEC.md calls it a special *partly-subsidized* text, so it replaces the partly text only.
 * A listed company whose quote is fully or not subsidized shows the ordinary full or not-subsidized
 * text: the special wording explains a share the customer pays, which does not exist at 0 and is
 * untrue at the full price. The company id is compared trimmed and case-sensitively (ids are upper
 * case), as the quote request keys it by the trimmed id (SPEC.md 3).
 */

export type PriceText = 'fullySubsidized' | 'partlySubsidized' | 'specialPartlySubsidized' | 'notSubsidized';

/** The fields of a quote the rule reads (a subset of the contract's Quote). */
export interface PriceQuote {
  customerRealPrice: number;
  totalPrice: number;
}

/** SPEC.md 4.2 and 9: TDX9960 to TDX9975 without TDX9966, 15 ids. */
export const specialPartlySubsidizedCompanyIds: readonly string[] = Array.from({ length: 16 }, (_, i) => `TDX${9960 + i}`).filter((id) => id !== 'TDX9966');

export function isSpecialPartlySubsidizedCompany(companyId: string | undefined): boolean {
  return companyId !== undefined && specialPartlySubsidizedCompanyIds.includes(companyId.trim());
}

export function priceText(quote: PriceQuote, companyId?: string): PriceText {
  const { customerRealPrice, totalPrice } = quote;
  if (customerRealPrice === 0) return 'fullySubsidized';
  if (customerRealPrice > 0 && customerRealPrice < totalPrice) {
    return isSpecialPartlySubsidizedCompany(companyId) ? 'specialPartlySubsidized' : 'partlySubsidized';
  }
  return 'notSubsidized';
}

/** SPEC.md 4.1 and 7.2: a quote whose customerPrice is 0 means the payment step is skipped. */
export function skipsPayment(quote: { customerPrice: number }): boolean {
  return quote.customerPrice === 0;
}
