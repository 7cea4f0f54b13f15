import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';

import type { BillingValues } from '#machines/order-wizard/order-wizard.types';
import { countriesQuery } from '#src/api/queries/countries';
import { transportationCompanyQuery } from '#src/api/queries/payment';
import { billingAddressSchema, defaultCountry, zipCodeSchemaFor } from '#src/domain/address';
import { type Gender, parseDate } from '#src/domain/personal-fields';
import { AddressFields, addressFields, type AddressFieldValues } from '#src/forms/address-fields';
import { outputOrShowIssues } from '#src/forms/field-validation';
import { useAppForm } from '#src/forms/form-hook';
import { personFields, PersonFields, type PersonFieldValues } from '#src/forms/person-fields';
import type { StepEntries } from '../wizard-draft';
import * as styles from './billing-step.css';
import { type StepProps, StepForm, useEntriesReport, withEntries } from './step-form';
import { useWizardServices } from './wizard-services';

/** What the wizard knows of the customer already: the traveler, or for seti the student record. */
export interface BillingPrefill {
  firstName: string;
  lastName: string;
  gender?: Gender | undefined;
  birthdate?: string | undefined;
}

export interface BillingStepProps extends StepProps<BillingValues> {
  prefill?: BillingPrefill | undefined;
  /** SPEC.md 5.1, 6.1: the billing names may not change (seti): with a prefill, they are read-only. */
  namesReadOnly?: boolean | undefined;
}

/** The form's own values: every field as the customer typed it ('' while empty). */
type BillingFormValues = PersonFieldValues & AddressFieldValues;

/** Read-only names come from the prefill, never from what a reload kept. */
function withoutNames(entries: StepEntries | undefined): StepEntries | undefined {
  if (!entries) return undefined;
  const { firstName: _firstName, lastName: _lastName, ...rest } = entries;
  return rest;
}

function initialValues(defaults: Partial<BillingValues> | undefined, prefill: BillingPrefill | undefined, namesLocked: boolean): BillingFormValues {
  const birthdate = defaults?.birthdate ?? prefill?.birthdate ?? '';
  return {
    gender: defaults?.gender ?? prefill?.gender ?? '',
    firstName: (namesLocked ? prefill?.firstName : undefined) ?? defaults?.firstName ?? prefill?.firstName ?? '',
    lastName: (namesLocked ? prefill?.lastName : undefined) ?? defaults?.lastName ?? prefill?.lastName ?? '',
    birthdate: parseDate(birthdate) ?? birthdate,
    zipCode: defaults?.zipCode ?? '',
    city: defaults?.city ?? '',
    street: defaults?.street ?? '',
    houseNumber: defaults?.houseNumber ?? '',
    addition: defaults?.addition ?? '',
    country: defaults?.country ?? defaultCountry,
  };
}

/**
 * The billing address step of the order wizard (SPEC.md 2.3, 5.1): the person and the address,
 * validated with the domain's schema (its output is the step's values, BillingValues). Where the
 * billing names may not change (seti, `namesReadOnly` from the wizard's view) the names come from
 * `prefill` and are read-only. Once the zip code fits its country, the transport
 * company that issues the ticket is named.
 */
export function BillingStep({ defaultValues, entries, onEntriesChange, onSubmit, onBack, prefill, namesReadOnly = false }: BillingStepProps) {
  const { t } = useLingui();
  const { queries, today } = useWizardServices();
  const namesLocked = namesReadOnly && prefill !== undefined;

  const form = useAppForm({
    defaultValues: withEntries(initialValues(defaultValues, prefill, namesLocked), namesLocked ? withoutNames(entries) : entries),
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, billingAddressSchema(today()), value);
      if (!output) return;
      const { addition, ...rest } = output;
      onSubmit({ ...rest, ...(addition ? { addition } : {}) });
    },
  });

  useEntriesReport(form, onEntriesChange);

  const country = useStore(form.store, (state) => state.values.country);
  const zipCode = useStore(form.store, (state) => state.values.zipCode).trim();
  const zipFits = v.safeParse(zipCodeSchemaFor(country), zipCode).success;

  const countries = useQuery(countriesQuery(queries));

  const insurer = useQuery({
    ...transportationCompanyQuery(queries, { zipCode, country }),
    enabled: zipFits,
  });
  const company = zipFits ? insurer.data : undefined;
  const companyName = company?.company_name;

  return (
    <StepForm form={form} title={t({ id: 'order:billing.title', message: 'Billing address' })} onBack={onBack}>
      <PersonFields form={form} fields={personFields} role="subscriber" today={today} namesReadOnly={namesLocked} />
      <AddressFields
        form={form}
        fields={addressFields}
        countries={countries.data}
        afterCity={
          <div aria-live="polite" aria-atomic="true">
            {company ? (
              <div className={styles.insurer}>
                <p className={styles.insurerName}>
                  <Trans id="order:billing.insurer">Your ticket will be issued by {companyName}</Trans>
                </p>
                <p className={styles.insurerAddress}>{company.address_and_web}</p>
              </div>
            ) : null}
          </div>
        }
      />
    </StepForm>
  );
}
