import { Trans, useLingui } from '@lingui/react/macro';
import { type AnyFieldApi, useForm, useStore } from '@tanstack/react-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as v from 'valibot';

import type { components } from '#openapi/schema.gen';
import type { ApiClient } from '#src/api/client';
import { isApiError } from '#src/api/errors';
import type { Queries } from '#src/api/queries';
import { firstNameSchema, lastNameSchema } from '#src/domain/personal-fields';
import { type PriceText, priceText } from '#src/domain/price';
import type { ProductRules } from '#src/domain/product';
import { staffNumberRulesOf, staffNumberSchema } from '#src/domain/staff-number';
import { formatPrice } from '#src/i18n/format';
import { isLocale, type Locale } from '#src/i18n/locales';
import { Alert } from '#src/ui/alert';
import { TextField } from '#src/ui/text-field';
import * as styles from './company-step.css';
import { bindTextField, StepForm, type StepProps, useFieldError, useWizardServices } from './step-form';

export type Quote = components['schemas']['Quote'];
type CompanyFormField = components['schemas']['CompanyFormField'];
type StaffTextField = CompanyFormField['textField'];

/**
 * The values of the company step (joti, seti).
 *
 * - `companyId`: trimmed; it keys the quote (SPEC.md 3).
 * - `staffNumber`: as typed (a space is an error, never trimmed away).
 * - `quote`: the company's quote for the first offered start date. The start step re-quotes for the
 *   start date the customer picks (pass it `companyId`).
 * - `student` (seti only): the first and last name the matriculation number was checked against
 *   (SPEC.md 5.3). The billing step should use them for the billing names, which seti may not change.
 */
export interface CompanyStepValues {
  companyId: string;
  staffNumber: string;
  quote: Quote;
  student?: { firstName: string; lastName: string };
}

interface CompanyFormValues {
  companyId: string;
  staffNumber: string;
  firstName: string;
  lastName: string;
}

function initialValues(defaults: Partial<CompanyStepValues> | undefined): CompanyFormValues {
  return {
    companyId: defaults?.companyId ?? '',
    staffNumber: defaults?.staffNumber ?? '',
    firstName: defaults?.student?.firstName ?? '',
    lastName: defaults?.student?.lastName ?? '',
  };
}

/** SPEC.md 5.3 and 9. */
export const companyLookupDebounceMs = 500;

/**
 * Errors follow the typing: leaving a field re-runs its change check (so an empty field says so),
 * and a change clears what the last Next found on the server (taken, unknown, name mismatch).
 */
const fieldListeners = {
  onBlur: ({ fieldApi }: { fieldApi: AnyFieldApi }) => {
    void fieldApi.validate('change');
  },
  onChange: ({ fieldApi }: { fieldApi: AnyFieldApi }) => {
    if (fieldApi.state.meta.errorMap.onSubmit !== undefined) fieldApi.setErrorMap({ onSubmit: undefined });
  },
};

/** A company the server knows for this product, with its staff-number field. */
interface KnownCompany {
  id: string;
  staffField: StaffTextField | undefined;
}

type LookupResult = { ok: true; company: KnownCompany } | { ok: false; code: 'companyIdNotFound' | 'companyInfoStep.error' };

/** getCompanyForm: 404 is an unknown id (or one of another product); other failures are load errors. */
async function lookupCompany(api: ApiClient, companyId: string, product: ProductRules, signal?: AbortSignal): Promise<LookupResult> {
  try {
    const result = await api.POST('/api/v1/order/form', { body: { company_id: companyId, product: product.name }, ...(signal ? { signal } : {}) });
    if (result.response.status === 404) return { ok: false, code: 'companyIdNotFound' };
    if (!result.response.ok || !result.data) return { ok: false, code: 'companyInfoStep.error' };
    return { ok: true, company: { id: companyId, staffField: result.data.find((field) => field.textField.name === 'staffNumber')?.textField } };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, code: 'companyInfoStep.error' };
  }
}

type StudentCheck = 'ok' | 'staffNumberTaken' | 'staffNumberUnknown' | { firstNameMatches: boolean; lastNameMatches: boolean };

/**
 * checkStudentData (seti, SPEC.md 5.3): 409 is staffNumberTaken, any other failure
 * staffNumberUnknown, else whether the names match. Shared through React Query, so the three fields
 * that ask (number, first name, last name) make one request.
 */
async function checkStudent(
  queryClient: ReturnType<typeof useQueryClient>,
  queries: Queries,
  input: { universityId: string; matriculationNumber: string; firstName: string; lastName: string },
): Promise<StudentCheck> {
  const query = {
    matriculationNumber: input.matriculationNumber,
    ...(input.firstName ? { firstName: input.firstName } : {}),
    ...(input.lastName ? { lastName: input.lastName } : {}),
  };
  try {
    const result = await queryClient.fetchQuery({
      ...queries.queryOptions('get', '/api/v3/order/university/{universityId}/check-student-data', {
        params: { path: { universityId: input.universityId }, query },
      }),
      staleTime: 30_000,
      retry: false,
    });
    if (result.firstNameMatches && result.lastNameMatches) return 'ok';
    return result;
  } catch (error) {
    return isApiError(error) && error.status === 409 ? 'staffNumberTaken' : 'staffNumberUnknown';
  }
}

/** The first code of a valibot schema for a value, or undefined. */
function codeOf(schema: v.GenericSchema<string, unknown>, value: string): string | undefined {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}

function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : 'de-DE';
}

/**
 * The company step of the order wizard (products with companies: joti, seti). The company id is
 * looked up 500 ms after the last keystroke; the staff (matriculation) number follows the company's
 * rules from the server; for seti the matriculation number and the names are checked against the
 * student record. The price of the company shows as soon as the company is known.
 */
export function CompanyStep({ defaultValues, onSubmit, onBack, product }: StepProps<CompanyStepValues>) {
  const { t } = useLingui();
  const locale = useLocale();
  const { api, queries } = useWizardServices();
  const queryClient = useQueryClient();
  const seti = product.name === 'seti';
  const [company, setCompany] = useState<KnownCompany | undefined>(undefined);
  const [submitFailed, setSubmitFailed] = useState(false);

  const startDatesOptions = queries.queryOptions('get', '/api/v1/order/startdates', { params: { query: { product: product.name } } });
  const quoteOptions = (companyId: string, startsOn: string) =>
    queries.queryOptions('get', '/api/v1/quotation/quotes/{companyId}', {
      params: { path: { companyId }, query: { subscriptionStartsOn: startsOn } },
    });

  const form = useForm({
    defaultValues: initialValues(defaultValues),
    onSubmit: async ({ value }) => {
      setSubmitFailed(false);
      const companyId = value.companyId.trim();
      try {
        const { start_dates: startDates } = await queryClient.fetchQuery(startDatesOptions);
        const firstStart = startDates[0];
        if (firstStart === undefined) throw new Error('no start dates');
        const quote = await queryClient.fetchQuery(quoteOptions(companyId, firstStart));
        onSubmit({
          companyId,
          staffNumber: value.staffNumber,
          quote,
          ...(seti ? { student: { firstName: value.firstName.trim(), lastName: value.lastName.trim() } } : {}),
        });
      } catch {
        setSubmitFailed(true);
      }
    },
  });

  const fieldError = useFieldError(form);
  const typedCompanyId = useStore(form.store, (state) => state.values.companyId.trim());
  const knownCompany = company !== undefined && company.id === typedCompanyId ? company : undefined;
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

  const startDates = useQuery(startDatesOptions);
  const firstStart = startDates.data?.start_dates[0];
  const quote = useQuery({
    ...quoteOptions(knownCompany?.id ?? '', firstStart ?? ''),
    enabled: knownCompany !== undefined && firstStart !== undefined,
  });
  const companyName = useQuery({
    ...queries.queryOptions('get', '/api/v2/auth/tenants/companies/{id}', { params: { path: { id: knownCompany?.id ?? '' } } }),
    enabled: knownCompany !== undefined,
  });

  const foundName = knownCompany ? companyName.data?.name : undefined;

  const studentCheck = (values: CompanyFormValues) =>
    checkStudent(queryClient, queries, {
      universityId: values.companyId.trim(),
      matriculationNumber: values.staffNumber,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });
  const staffNumberValid = (value: string) => codeOf(staffNumberSchema(staffRules), value) === undefined;
  /**
   * On submit all three fields (number, first name, last name) ask; they share one request. Only
   * a known university and a well-formed number are checked (else those fields show their errors).
   */
  const studentCheckOnSubmit = async (values: CompanyFormValues): Promise<StudentCheck> =>
    knownCompany && staffNumberValid(values.staffNumber) ? studentCheck(values) : 'ok';

  const staffHint = staffField?.customValidation?.errorHint[locale];
  const translateStaffCode = (code: string) => (code === 'customValidation' && staffHint ? staffHint : undefined);
  const translateCompanyCode = (code: string) =>
    code === 'companyInfoStep.error'
      ? t({ id: 'order:companyInfoStep.error', message: 'The details of this company cannot be loaded right now. Please try again later.' })
      : undefined;

  const title = seti
    ? t({ id: 'orderSeti:company.title', message: 'Your university' })
    : t({ id: 'order:company.title', message: 'Your employer' });

  return (
    <StepForm form={form} title={title} onBack={onBack} className={styles.step}>
      <form.Field
        listeners={fieldListeners}
        name="companyId"
        validators={{
          onChange: ({ value }) => (value.trim() === '' ? 'required' : undefined),
          onChangeAsyncDebounceMs: companyLookupDebounceMs,
          onChangeAsync: async ({ value, signal }) => {
            const result = await lookupCompany(api, value.trim(), product, signal);
            if (!result.ok) return result.code;
            // Keep the known company as it is when nothing changed: its identity drives re-checks.
            setCompany((known) => (known && known.id === result.company.id && JSON.stringify(known) === JSON.stringify(result.company) ? known : result.company));
            return undefined;
          },
        }}
      >
        {(field) => (
          <TextField
            name={field.name}
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
            {...bindTextField(field, fieldError(field, translateCompanyCode))}
          />
        )}
      </form.Field>

      {seti ? (
        <>
          <form.Field
            listeners={fieldListeners}
            name="firstName"
            validators={{
              onChange: firstNameSchema,
              onSubmitAsync: async ({ fieldApi }) => {
                const check = await studentCheckOnSubmit(fieldApi.form.state.values);
                return typeof check === 'object' && !check.firstNameMatches ? 'nonMatchingStudentFirstName' : undefined;
              },
            }}
          >
            {(field) => (
              <TextField
                name={field.name}
                label={t({ id: 'orderSeti:company.firstName.label', message: 'First name' })}
                description={t({ id: 'orderSeti:company.names.description', message: 'As in your student record.' })}
                isRequired
                autoComplete="given-name"
                {...bindTextField(field, fieldError(field))}
              />
            )}
          </form.Field>
          <form.Field
            listeners={fieldListeners}
            name="lastName"
            validators={{
              onChange: lastNameSchema,
              onSubmitAsync: async ({ fieldApi }) => {
                const check = await studentCheckOnSubmit(fieldApi.form.state.values);
                return typeof check === 'object' && !check.lastNameMatches ? 'nonMatchingStudentLastName' : undefined;
              },
            }}
          >
            {(field) => (
              <TextField
                name={field.name}
                label={t({ id: 'orderSeti:company.lastName.label', message: 'Last name' })}
                description={t({ id: 'orderSeti:company.names.description', message: 'As in your student record.' })}
                isRequired
                autoComplete="family-name"
                {...bindTextField(field, fieldError(field))}
              />
            )}
          </form.Field>
        </>
      ) : null}

      <form.Field
        listeners={fieldListeners}
        name="staffNumber"
        validators={{
          onChange: ({ value }) => codeOf(staffNumberSchema(staffRules), value),
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
          <TextField
            name={field.name}
            label={
              staffField?.label[locale] ??
              (seti
                ? t({ id: 'orderSeti:company.staffNumber.label', message: 'Matriculation number' })
                : t({ id: 'order:company.staffNumber.label', message: 'Staff number' }))
            }
            isRequired
            autoComplete="off"
            {...bindTextField(field, fieldError(field, translateStaffCode))}
          />
        )}
      </form.Field>

      {knownCompany ? (
        <QuotePrice
          quote={quote.data}
          companyId={knownCompany.id}
          product={product}
          failed={quote.isError || startDates.isError}
        />
      ) : null}

      {submitFailed ? (
        <Alert variant="destructive" title={t({ id: 'order:company.submitError.title', message: 'Your price cannot be loaded' })}>
          <Trans id="order:companyInfoStep.error">The details of this company cannot be loaded right now. Please try again later.</Trans>
        </Alert>
      ) : null}
    </StepForm>
  );
}

export interface QuotePriceProps {
  quote: Quote | undefined;
  /** The company the quote is for (the special partly-subsidized text of SPEC.md 4.2). */
  companyId: string | undefined;
  product: ProductRules;
  failed?: boolean;
}

/** The monthly price of a quote with SPEC.md 4.2's text; announced politely when it appears. */
export function QuotePrice({ quote, companyId, product, failed = false }: QuotePriceProps) {
  const locale = useLocale();
  let content;
  if (failed) {
    content = <Trans id="order:price.error">Your price cannot be shown right now. Please try again later.</Trans>;
  } else if (!quote) {
    content = <Trans id="order:price.loading">Loading your price…</Trans>;
  } else {
    content = <PriceSentence kind={priceText(quote, companyId)} quote={quote} product={product} locale={locale} />;
  }
  return (
    <div role="status" className={styles.price} data-price-text={quote && !failed ? priceText(quote, companyId) : undefined} aria-busy={!quote && !failed}>
      {content}
    </div>
  );
}

function PriceSentence({ kind, quote, product, locale }: { kind: PriceText; quote: Quote; product: ProductRules; locale: Locale }) {
  const total = formatPrice(quote.totalPrice, locale);
  const yours = formatPrice(quote.customerRealPrice, locale);
  const employer = formatPrice(quote.employerPrice, locale);
  switch (kind) {
    case 'fullySubsidized':
      return product.name === 'seti' ? (
        <Trans id="orderSeti:price.fullySubsidized">Your semester fee covers the ticket ({total} a month). You pay nothing more.</Trans>
      ) : (
        <Trans id="order:price.fullySubsidized">Your employer pays the full price of {total} a month. You pay nothing.</Trans>
      );
    case 'partlySubsidized':
      return product.name === 'seti' ? (
        <Trans id="orderSeti:price.partlySubsidized">
          Your university pays {employer} of the {total} a month. Your share of {yours} a month is collected with your semester fee.
        </Trans>
      ) : (
        <Trans id="order:price.partlySubsidized">
          Your employer pays {employer} of the {total} a month. You pay {yours} a month.
        </Trans>
      );
    case 'specialPartlySubsidized':
      return (
        <Trans id="orderJoti:price.specialPartlySubsidized">
          With the subsidy agreed with your employer you pay only {yours} a month instead of {total}.
        </Trans>
      );
    default:
      return <Trans id="order:price.notSubsidized">The ticket costs {yours} a month.</Trans>;
  }
}
