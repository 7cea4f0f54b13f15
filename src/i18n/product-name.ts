import { useLingui } from '@lingui/react/macro';

/** The product's name as the ticket shows it (SPEC.md 1: deuti, joti, seti). */
export function useProductName(): (product: string) => string {
  const { t } = useLingui();
  return (product) =>
    product === 'joti'
      ? t({ id: 'tickets:product.joti', message: 'Deutschlandticket Job' })
      : product === 'seti'
        ? t({ id: 'tickets:product.seti', message: 'Deutschlandsemesterticket' })
        : t({ id: 'tickets:product.deuti', message: 'Deutschlandticket' });
}
