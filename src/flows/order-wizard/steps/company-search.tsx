import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useFilter } from 'react-aria-components';

import { companiesQuery } from '#src/api/queries/account';
import type { ProductRules } from '#src/domain/product';
import { ComboBox } from '#src/ui/combo-box';
import { ListBoxItem } from '#src/ui/list-box';
import { useWizardServices } from './wizard-services';

export interface CompanySearchProps {
  product: ProductRules;
  /** What is typed in the search (the step's entries keep it through a reload). */
  inputValue: string;
  onInputChange: (value: string) => void;
  /** A suggestion was chosen: its id goes into the company id field, which looks it up as if typed. */
  onChoose: (companyId: string) => void;
}

/**
 * The company found by name (issue 30, item 2): a combo box of the product's companies, each shown
 * with its name and id, filtered as the customer types (a part of the name or of the id, without
 * regard to case or accents). Choosing one fills the company id field below it, which stays the
 * step's one value: a customer who has the id types it there as before. The list is read once per
 * visit; while it loads, when nothing matches and when it failed, the open list says so, and a
 * failed list changes the field's help to point at the id field (the id field never waits for it).
 */
export function CompanySearch({ product, inputValue, onInputChange, onChoose }: CompanySearchProps) {
  const { t } = useLingui();
  const { queries } = useWizardServices();
  const companies = useQuery({ ...companiesQuery(queries, product.name), staleTime: 10 * 60_000 });
  const { contains } = useFilter({ sensitivity: 'base' });
  const seti = product.name === 'seti';

  const failed = t({ id: 'order:company.search.failed', message: 'The list cannot be loaded right now. Please enter the number below.' });
  const emptyState = companies.isPending
    ? t({ id: 'common:button.loading', message: 'Loading' })
    : companies.isError
      ? failed
      : t({ id: 'order:company.search.empty', message: 'Nothing found. Please check the spelling, or enter the number below.' });

  return (
    <ComboBox
      label={
        seti
          ? t({ id: 'orderSeti:company.search.label', message: 'Find your university by name' })
          : t({ id: 'order:company.search.label', message: 'Find your employer by name' })
      }
      description={companies.isError ? failed : t({ id: 'order:company.search.description', message: 'Choose from the list: the number is filled in below.' })}
      defaultItems={companies.data ?? []}
      defaultFilter={contains}
      inputValue={inputValue}
      onInputChange={onInputChange}
      onChange={(key) => {
        if (key !== null) onChoose(String(key));
      }}
      allowsCustomValue
      allowsEmptyCollection
      emptyState={emptyState}
    >
      {(company) => <ListBoxItem id={company.id}>{`${company.name} (${company.id})`}</ListBoxItem>}
    </ComboBox>
  );
}
