import { Trans, useLingui } from '@lingui/react/macro';
import { type AnyFieldApi, useStore } from '@tanstack/react-form';
import { useEffect } from 'react';

import type { CompanyValues } from '#machines/order-wizard/order-wizard.types';
import { firstNameSchema, lastNameSchema } from '#src/domain/personal-fields';
import { staffNumberRulesOf, staffNumberSchema } from '#src/domain/staff-number';
import { validatorOf } from '#src/forms/field-validation';
import { useAppForm } from '#src/forms/form-hook';
import { useLocale } from '#src/i18n/use-locale';
import { Alert } from '#src/ui/alert';
import { CompanySearch } from './company-search';
import * as styles from './company-step.css';
import { QuotePrice } from './quote-price';
import { StepForm, type StepProps, useEntriesReport, withEntries } from './step-form';
import { companyLookupDebounceMs, type StudentCheck, useCompanyLookups } from './use-company-lookups';

export interface CompanyStepProps extends StepProps<CompanyValues> {
  /** The wizard's quote of the company failed (SPEC.md 8): the step says so; Next tries again. */
  quoteFailed?: boolean | undefined;
}

interface CompanyFormValues {
  /** What is typed into the search by name: kept with the step's entries, never sent. */
  companySearch: string;
  companyId: string;
  staffNumber: string;
  firstName: string;
  lastName: string;
}

function initialValues(defaults: Partial<CompanyValues> | undefined): CompanyFormValues {
  return {
    companySearch: '',
    companyId: defaults?.companyId ?? '',
    staffNumber: defaults?.staffNumber ?? '',
    firstName: defaults?.student?.firstName ?? '',
    lastName: defaults?.student?.lastName ?? '',
  };
}

/**
 * Errors follow the typing: a change clears what the last Next found on the server (taken,
 * unknown, name mismatch). (Leaving a field checks it again: the form kit's fields do that.)
 */
const fieldListeners = {
  onChange: ({ fieldApi }: { fieldApi: AnyFieldApi }) => {
    if (fieldApi.state.meta.errorMap.onSubmit !== undefined) fieldApi.setErrorMap({ onSubmit: undefined });
  },
};

/**
 * The company step of the order wizard (products with companies: joti, seti). The company is found
 * by name (./company-search.tsx: choosing one fills the id) or its id typed; the id is
 * looked up 500 ms after the last keystroke; the staff (matriculation) number follows the company's
 * rules from the server; for seti the matriculation number and the names are checked against the
 * student record. The price of the company shows as soon as the company is known (the lookups are
 * in use-company-lookups.ts). Next sends the values; the wizard quotes the company meanwhile
 * (`isBusy`: Next loading) and, when that fails, keeps the step with `quoteFailed`.
 */
export function CompanyStep({ defaultValues, entries, onEntriesChange, onSubmit, onBack, product, isBusy = false, quoteFailed = false }: CompanyStepProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const seti = product.name === 'seti';

  const form = useAppForm({
    defaultValues: withEntries(initialValues(defaultValues), entries),
    onSubmit: ({ value }) =>
      onSubmit({
        companyId: value.companyId.trim(),
        staffNumber: value.staffNumber,
        ...(seti ? { student: { firstName: value.firstName.trim(), lastName: value.lastName.trim() } } : {}),
      }),
  });

  useEntriesReport(form, onEntriesChange);

  const typedCompanyId = useStore(form.store, (state) => state.values.companyId.trim());
  const { knownCompany, foundName, price, lookUp, checkStudent } = useCompanyLookups(product, typedCompanyId);
  const staffField = knownCompany?.staffField;
  const staffRules = staffNumberRulesOf(staffField);

  // A restored company id (reload, going back) is looked up again.
  useEffect(() => {
    if (form.getFieldValue('companyId').trim() !== '') void form.validateField('companyId', 'change');
  }, [form]);

  // When the company (and so the staff-number rules) becomes known, a typed staff number is re-checked.
  useEffect(() => {
    if (knownCompany && form.getFieldValue('staffNumber') !== '' && !form.state.isSubmitting) void form.validateField('staffNumber', 'change');
  }, [knownCompany, form]);

  const staffNumberValid = (value: string) => validatorOf(staffNumberSchema(staffRules))({ value }) === undefined;
  /**
   * On submit all three fields (number, first name, last name) ask; they share one request. Only
   * a known university and a well-formed number are checked (else those fields show their errors).
   */
  const studentCheckOnSubmit = async (values: CompanyFormValues): Promise<StudentCheck> =>
    knownCompany && staffNumberValid(values.staffNumber)
      ? checkStudent({
          universityId: values.companyId.trim(),
          matriculationNumber: values.staffNumber,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
        })
      : 'ok';

  const staffHint = staffField?.customValidation?.errorHint[locale];
  const translateStaffCode = (code: string) => (code === 'customValidation' && staffHint ? staffHint : undefined);
  const translateCompanyCode = (code: string) =>
    code === 'companyInfoStep.error'
      ? t({ id: 'order:companyInfoStep.error', message: 'The details of this company cannot be loaded right now. Please try again later.' })
      : undefined;

  const title = seti ? t({ id: 'orderSeti:company.title', message: 'Your university' }) : t({ id: 'order:company.title', message: 'Your employer' });

  return (
    <StepForm form={form} title={title} onBack={onBack} isBusy={isBusy} className={styles.step}>
      <form.Field name="companySearch">
        {(field) => (
          <CompanySearch
            product={product}
            inputValue={field.state.value}
            onInputChange={field.handleChange}
            onChoose={(companyId) => form.setFieldValue('companyId', companyId)}
          />
        )}
      </form.Field>
      <form.AppField
        listeners={fieldListeners}
        name="companyId"
        validators={{
          onChange: ({ value }) => (value.trim() === '' ? 'required' : undefined),
          onChangeAsyncDebounceMs: companyLookupDebounceMs,
          onChangeAsync: ({ value, signal }) => lookUp(value.trim(), signal),
        }}
      >
        {(field) => (
          <field.TextField
            label={
              seti
                ? t({ id: 'orderSeti:company.companyId.label', message: 'University number' })
                : t({ id: 'order:company.companyId.label', message: 'Company number' })
            }
            description={
              foundName !== undefined
                ? seti
                  ? t({ id: 'orderSeti:company.companyId.found', message: `University: ${foundName}` })
                  : t({ id: 'order:company.companyId.found', message: `Company: ${foundName}` })
                : seti
                  ? t({ id: 'orderSeti:company.companyId.description', message: "You find it in your university's information on the semester ticket." })
                  : t({ id: 'order:company.companyId.description', message: "You find it in your employer's information on the job ticket." })
            }
            isRequired
            autoComplete="off"
            translateError={translateCompanyCode}
          />
        )}
      </form.AppField>

      {seti ? (
        <>
          <form.AppField
            listeners={fieldListeners}
            name="firstName"
            validators={{
              onChange: validatorOf(firstNameSchema),
              onSubmitAsync: async ({ fieldApi }) => {
                const check = await studentCheckOnSubmit(fieldApi.form.state.values);
                return typeof check === 'object' && !check.firstNameMatches ? 'nonMatchingStudentFirstName' : undefined;
              },
            }}
          >
            {(field) => (
              <field.TextField
                label={t({ id: 'orderSeti:company.firstName.label', message: 'First name' })}
                description={t({ id: 'orderSeti:company.names.description', message: 'As in your student record.' })}
                isRequired
                autoComplete="given-name"
              />
            )}
          </form.AppField>
          <form.AppField
            listeners={fieldListeners}
            name="lastName"
            validators={{
              onChange: validatorOf(lastNameSchema),
              onSubmitAsync: async ({ fieldApi }) => {
                const check = await studentCheckOnSubmit(fieldApi.form.state.values);
                return typeof check === 'object' && !check.lastNameMatches ? 'nonMatchingStudentLastName' : undefined;
              },
            }}
          >
            {(field) => (
              <field.TextField
                label={t({ id: 'orderSeti:company.lastName.label', message: 'Last name' })}
                description={t({ id: 'orderSeti:company.names.description', message: 'As in your student record.' })}
                isRequired
                autoComplete="family-name"
              />
            )}
          </form.AppField>
        </>
      ) : null}

      <form.AppField
        listeners={fieldListeners}
        name="staffNumber"
        validators={{
          onChange: validatorOf(staffNumberSchema(staffRules)),
          ...(seti
            ? {
                onSubmitAsync: async ({ fieldApi }) => {
                  const check = await studentCheckOnSubmit(fieldApi.form.state.values);
                  return check === 'staffNumberTaken' || check === 'staffNumberUnknown' ? check : undefined;
                },
              }
            : {}),
        }}
      >
        {(field) => (
          <field.TextField
            label={
              staffField?.label[locale] ??
              (seti
                ? t({ id: 'orderSeti:company.staffNumber.label', message: 'Matriculation number' })
                : t({ id: 'order:company.staffNumber.label', message: 'Staff number' }))
            }
            isRequired
            autoComplete="off"
            translateError={translateStaffCode}
          />
        )}
      </form.AppField>

      {knownCompany ? <QuotePrice quote={price.quote} companyId={knownCompany.id} product={product} failed={price.failed} /> : null}

      {quoteFailed ? (
        <Alert variant="destructive" title={t({ id: 'order:company.submitError.title', message: 'Your price cannot be loaded' })}>
          <Trans id="order:companyInfoStep.error">The details of this company cannot be loaded right now. Please try again later.</Trans>
        </Alert>
      ) : null}
    </StepForm>
  );
}
