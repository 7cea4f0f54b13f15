import { useLingui } from '@lingui/react/macro';
import { useStore } from '@tanstack/react-form';
import { type ReactNode, useMemo } from 'react';

import { additionSchema, citySchema, countrySchema, defaultCountry, houseNumberSchema, streetSchema, zipCodeSchemaFor } from '#src/domain/address';
import { useLocale } from '#src/i18n/use-locale';
import { ListBoxItem } from '#src/ui/list-box';
import { validatorOf } from './field-validation';
import { withFieldGroup } from './form-hook';
import * as layout from './form-layout.css';
import { SelectField } from './select-field';

/** The address fields as a form holds them: every field as typed ('' while empty). */
export interface AddressFieldValues {
  zipCode: string;
  city: string;
  street: string;
  houseNumber: string;
  addition: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** The `fields` of a form whose address fields are at its top level under their own names. */
export const addressFields = {
  zipCode: 'zipCode',
  city: 'city',
  street: 'street',
  houseNumber: 'houseNumber',
  addition: 'addition',
  country: 'country',
} as const;

export interface AddressFieldsProps {
  /** The countries offered (getCountries); the chosen one and DE are always among them. */
  countries: readonly string[] | undefined;
  /** Shown under the zip code and city, e.g. who issues the ticket for that zip code. */
  afterCity?: ReactNode;
}

const emptyAddress: AddressFieldValues = { zipCode: '', city: '', street: '', houseNumber: '', addition: '', country: defaultCountry };

/** Countries whose zip codes are digits only (SPEC.md 5.1): a numeric keyboard on phones. */
const numericZipCountries = new Set(['DE', 'AT', 'CH']);

/**
 * The address block (SPEC.md 5.1): country, zip code and city, street and house number, addition,
 * each checked with its schema of `src/domain/address.ts`. The zip code follows its country's rule
 * (DE five digits, AT and CH four) and is checked again when the country changes. The countries are
 * named and sorted in the customer's language.
 */
export const AddressFields = withFieldGroup({
  defaultValues: emptyAddress,
  props: {} as AddressFieldsProps,
  render: function AddressFieldsRender({ group, countries, afterCity }) {
    const { t } = useLingui();
    const locale = useLocale();
    const country = useStore(group.store, (state) => state.values.country);

    const countryItems = useMemo(() => {
      const codes = new Set(countries ?? [defaultCountry]);
      codes.add(country || defaultCountry);
      const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
      const collator = new Intl.Collator(locale);
      return [...codes].map((code) => ({ id: code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
    }, [countries, country, locale]);

    return (
      <>
        <group.AppField name="country" validators={{ onChange: validatorOf(countrySchema) }}>
          {() => (
            <SelectField label={t({ id: 'order:billing.country', message: 'Country' })} autoComplete="country" isRequired items={countryItems}>
              {(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}
            </SelectField>
          )}
        </group.AppField>

        <div className={layout.row}>
          <group.AppField
            name="zipCode"
            validators={{
              onChangeListenTo: ['country'],
              onChange: ({ value }) => validatorOf(zipCodeSchemaFor(group.getFieldValue('country')))({ value }),
            }}
          >
            {(field) => (
              <field.TextField
                label={t({ id: 'order:billing.zipCode', message: 'Postcode' })}
                autoComplete="postal-code"
                inputMode={numericZipCountries.has(country) ? 'numeric' : undefined}
                isRequired
              />
            )}
          </group.AppField>
          <group.AppField name="city" validators={{ onChange: validatorOf(citySchema) }}>
            {(field) => <field.TextField label={t({ id: 'order:billing.city', message: 'City' })} autoComplete="address-level2" isRequired />}
          </group.AppField>
        </div>

        {afterCity}

        <div className={layout.streetRow}>
          <group.AppField name="street" validators={{ onChange: validatorOf(streetSchema) }}>
            {(field) => <field.TextField label={t({ id: 'order:billing.street', message: 'Street' })} autoComplete="address-line1" isRequired />}
          </group.AppField>
          <group.AppField name="houseNumber" validators={{ onChange: validatorOf(houseNumberSchema) }}>
            {(field) => <field.TextField label={t({ id: 'order:billing.houseNumber', message: 'House number' })} isRequired />}
          </group.AppField>
        </div>

        <group.AppField name="addition" validators={{ onChange: validatorOf(additionSchema) }}>
          {(field) => (
            <field.TextField
              label={t({ id: 'order:billing.addition', message: 'Address addition' })}
              description={t({ id: 'order:billing.addition.description', message: 'Optional, e.g. c/o, floor or apartment.' })}
              autoComplete="address-line2"
            />
          )}
        </group.AppField>
      </>
    );
  },
});
