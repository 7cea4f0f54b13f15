import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useStore } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as v from 'valibot';

import { additionSchema, billingAddressSchema, citySchema, countrySchema, defaultCountry, houseNumberSchema, streetSchema, zipCodeSchemaFor } from '#src/domain/address';
import { birthdateSchema, firstNameSchema, type Gender, genderSchema, lastNameSchema, parseDate } from '#src/domain/personal-fields';
import { ListBoxItem } from '#src/ui/list-box';
import { Radio, RadioGroup } from '#src/ui/radio-group';
import { Select } from '#src/ui/select';
import { TextField } from '#src/ui/text-field';
import { BirthdateField } from './birthdate-field';
import * as styles from './billing-step.css';
import { bindTextField, codeOf, revalidateOnBlur, type StepProps, StepForm, useFieldError, useWizardServices } from './step-form';

/** The values of the billing step (SPEC.md 3, contact or billing), as the domain schema puts them out. */
export interface BillingValues {
  gender: Gender;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthdate: string;
  zipCode: string;
  city: string;
  street: string;
  houseNumber: string;
  addition?: string;
  /** ISO 3166-1 alpha-2, DE unless the customer picks another. */
  country: string;
}

/** What the wizard knows of the customer already: the traveler, or for seti the student record. */
export interface BillingPrefill {
  firstName: string;
  lastName: string;
  gender?: Gender | undefined;
  birthdate?: string | undefined;
}

export interface BillingStepProps extends StepProps<BillingValues> {
  prefill?: BillingPrefill | undefined;
}

/** The form's own values: every field as the customer typed it ('' while empty). */
interface BillingFormValues {
  gender: Gender | '';
  firstName: string;
  lastName: string;
  birthdate: string;
  zipCode: string;
  city: string;
  street: string;
  houseNumber: string;
  addition: string;
  country: string;
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
 * validated with the domain's schema. For products whose billing name may not change (seti) the
 * names come from `prefill` and are read-only. Once the zip code fits its country, the transport
 * company that issues the ticket is named.
 */
export function BillingStep({ defaultValues, onSubmit, onBack, product, prefill }: BillingStepProps) {
  const { t, i18n } = useLingui();
  const { queries, today } = useWizardServices();
  const namesLocked = !product.billingNameChangeable && prefill !== undefined;

  const form = useForm({
    defaultValues: initialValues(defaultValues, prefill, namesLocked),
    onSubmit: ({ value, formApi }) => {
      const result = v.safeParse(billingAddressSchema(today()), value);
      if (!result.success) {
        // Every rule is also a field validator, so this is a safety net: show the codes in place.
        for (const issue of result.issues) {
          const name = v.getDotPath(issue);
          if (name && name in value) {
            formApi.setFieldMeta(name as keyof BillingFormValues, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onChange: issue.message } }));
          }
        }
        return;
      }
      const { addition, ...rest } = result.output;
      onSubmit({ ...rest, ...(addition ? { addition } : {}) });
    },
  });
  const fieldError = useFieldError(form);

  const country = useStore(form.store, (state) => state.values.country);
  const zipCode = useStore(form.store, (state) => state.values.zipCode).trim();
  const zipFits = v.safeParse(zipCodeSchemaFor(country), zipCode).success;

  const countries = useQuery(queries.queryOptions('get', '/api/v1/order/countries', { params: { query: { enabled: true } } }));
  const countryItems = useMemo(() => {
    const codes = new Set(countries.data ?? [defaultCountry]);
    codes.add(country || defaultCountry);
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(i18n.locale);
    return [...codes]
      .map((code) => ({ id: code, name: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [countries.data, country, i18n.locale]);

  const insurer = useQuery({
    ...queries.queryOptions('get', '/api/v2/payment/transportation-company', { params: { query: { zipCode, country } } }),
    enabled: zipFits,
  });
  const company = zipFits ? insurer.data : undefined;
  const companyName = company?.company_name;

  return (
    <StepForm form={form} title={t({ id: 'order:billing.title', message: 'Billing address' })} onBack={onBack}>
      <form.Field name="gender" validators={{ onChange: codeOf(genderSchema) }} listeners={revalidateOnBlur}>
        {(field) => (
          <RadioGroup
            label={t({ id: 'order:billing.gender', message: 'Salutation' })}
            name={field.name}
            isRequired
            orientation="horizontal"
            value={field.state.value || null}
            onChange={(value) => field.handleChange(value as Gender)}
            onBlur={field.handleBlur}
            {...fieldError(field)}
          >
            <Radio value="Male">{t({ id: 'order:billing.gender.male', message: 'Mr' })}</Radio>
            <Radio value="Female">{t({ id: 'order:billing.gender.female', message: 'Ms' })}</Radio>
            <Radio value="NotSpecified">{t({ id: 'order:billing.gender.notSpecified', message: 'Not specified' })}</Radio>
          </RadioGroup>
        )}
      </form.Field>

      <div className={styles.row}>
        <form.Field name="firstName" validators={{ onChange: codeOf(firstNameSchema) }} listeners={revalidateOnBlur}>
          {(field) => (
            <TextField
              label={t({ id: 'order:billing.firstName', message: 'First name' })}
              name={field.name}
              autoComplete="given-name"
              isRequired
              isReadOnly={namesLocked}
              description={namesLocked ? t({ id: 'order:billing.nameFromRecord', message: 'As in your student record; it cannot be changed here.' }) : undefined}
              {...bindTextField(field, fieldError(field))}
            />
          )}
        </form.Field>
        <form.Field name="lastName" validators={{ onChange: codeOf(lastNameSchema) }} listeners={revalidateOnBlur}>
          {(field) => (
            <TextField
              label={t({ id: 'order:billing.lastName', message: 'Last name' })}
              name={field.name}
              autoComplete="family-name"
              isRequired
              isReadOnly={namesLocked}
              description={namesLocked ? t({ id: 'order:billing.nameFromRecord', message: 'As in your student record; it cannot be changed here.' }) : undefined}
              {...bindTextField(field, fieldError(field))}
            />
          )}
        </form.Field>
      </div>

      <form.Field name="birthdate" validators={{ onChange: ({ value }) => codeOf(birthdateSchema(today()))({ value }) }} listeners={revalidateOnBlur}>
        {(field) => (
          <BirthdateField
            field={field}
            name={field.name}
            label={t({ id: 'order:billing.birthdate', message: 'Date of birth' })}
            autoComplete="bday"
            errorProps={fieldError(field)}
          />
        )}
      </form.Field>

      <form.Field name="country" validators={{ onChange: codeOf(countrySchema) }} listeners={revalidateOnBlur}>
        {(field) => (
          <Select
            label={t({ id: 'order:billing.country', message: 'Country' })}
            name={field.name}
            autoComplete="country"
            isRequired
            items={countryItems}
            value={field.state.value || null}
            onChange={(key) => {
              if (key != null) field.handleChange(String(key));
            }}
            onBlur={field.handleBlur}
            {...fieldError(field)}
          >
            {(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}
          </Select>
        )}
      </form.Field>

      <div className={styles.row}>
        <form.Field
          name="zipCode"
          validators={{
            onChangeListenTo: ['country'],
            onChange: ({ value, fieldApi }) => codeOf(zipCodeSchemaFor(fieldApi.form.getFieldValue('country')))({ value }),
          }}
          listeners={revalidateOnBlur}
        >
          {(field) => (
            <TextField
              label={t({ id: 'order:billing.zipCode', message: 'Postcode' })}
              name={field.name}
              autoComplete="postal-code"
              inputMode={country === 'DE' || country === 'AT' || country === 'CH' ? 'numeric' : undefined}
              isRequired
              {...bindTextField(field, fieldError(field))}
            />
          )}
        </form.Field>
        <form.Field name="city" validators={{ onChange: codeOf(citySchema) }} listeners={revalidateOnBlur}>
          {(field) => (
            <TextField
              label={t({ id: 'order:billing.city', message: 'City' })}
              name={field.name}
              autoComplete="address-level2"
              isRequired
              {...bindTextField(field, fieldError(field))}
            />
          )}
        </form.Field>
      </div>

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

      <div className={styles.streetRow}>
        <form.Field name="street" validators={{ onChange: codeOf(streetSchema) }} listeners={revalidateOnBlur}>
          {(field) => (
            <TextField
              label={t({ id: 'order:billing.street', message: 'Street' })}
              name={field.name}
              autoComplete="address-line1"
              isRequired
              {...bindTextField(field, fieldError(field))}
            />
          )}
        </form.Field>
        <form.Field name="houseNumber" validators={{ onChange: codeOf(houseNumberSchema) }} listeners={revalidateOnBlur}>
          {(field) => (
            <TextField
              label={t({ id: 'order:billing.houseNumber', message: 'House number' })}
              name={field.name}
              isRequired
              {...bindTextField(field, fieldError(field))}
            />
          )}
        </form.Field>
      </div>

      <form.Field name="addition" validators={{ onChange: codeOf(additionSchema) }} listeners={revalidateOnBlur}>
        {(field) => (
          <TextField
            label={t({ id: 'order:billing.addition', message: 'Address addition' })}
            description={t({ id: 'order:billing.addition.description', message: 'Optional, e.g. c/o, floor or apartment.' })}
            name={field.name}
            autoComplete="address-line2"
            {...bindTextField(field, fieldError(field))}
          />
        )}
      </form.Field>
    </StepForm>
  );
}
