/**
 * The three product variants and their rules (SPEC.md section 6.1). An unknown product id or
 * name means deuti, the standard variant.
 */
export const productNames = ['deuti', 'joti', 'seti'] as const;
export type ProductName = (typeof productNames)[number];

export interface ProductRules {
  readonly name: ProductName;
  readonly id: number;
  /** Multiple company ids and subsidy: the wizard shows the company step. */
  readonly hasCompanies: boolean;
  readonly staffNumberChangeable: boolean;
  /** The traveler must be the subscriber: no booking for someone else. */
  readonly travelerMustBeSubscriber: boolean;
  readonly billingNameChangeable: boolean;
}

export const products: Readonly<Record<ProductName, ProductRules>> = {
  deuti: {
    name: 'deuti',
    id: 9999,
    hasCompanies: false,
    staffNumberChangeable: false,
    travelerMustBeSubscriber: false,
    billingNameChangeable: true,
  },
  joti: {
    name: 'joti',
    id: 9998,
    hasCompanies: true,
    staffNumberChangeable: true,
    travelerMustBeSubscriber: true,
    billingNameChangeable: true,
  },
  seti: {
    name: 'seti',
    id: 9996,
    hasCompanies: true,
    staffNumberChangeable: false,
    travelerMustBeSubscriber: true,
    billingNameChangeable: false,
  },
};

/** Accepts a product name or its numeric id (as number or string); anything else is deuti. */
export function resolveProduct(value: unknown): ProductRules {
  if (typeof value === 'string' && value in products) return products[value as ProductName];
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Object.values(products).find((product) => product.id === id) ?? products.deuti;
}

/** SPEC.md section 9: the company id used when the product has no company step. */
export const defaultCompanyId = 'DEU4900';
