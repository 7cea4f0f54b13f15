import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useStore } from '@tanstack/react-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import * as v from 'valibot';

import { startDateTravelerSchema } from '#src/domain/address';
import { type Gender, genders, toIsoDate } from '#src/domain/personal-fields';
import { defaultCompanyId } from '#src/domain/product';
import { needsStartMonthWarning } from '#src/domain/start-month';
import { formatMonth } from '#src/i18n/format';
import { isLocale } from '#src/i18n/locales';
import { Alert } from '#src/ui/alert';
import { AlertDialog } from '#src/ui/alert-dialog';
import { Radio, RadioGroup } from '#src/ui/radio-group';
import { TextField } from '#src/ui/text-field';
import { type Quote, QuotePrice } from './company-step';
import { BirthdateField } from './birthdate-field';
import * as styles from './start-traveler-step.css';
import { bindTextField, revalidateOnBlur, StepForm, type StepProps, useFieldError, useWizardServices } from './step-form';

/** The traveler when the customer orders for someone else (SPEC.md 3, 5.1). */
export interface TravelerValues {
  firstName: string;
  lastName: string;
  gender: Gender;
  /** YYYY-MM-DD */
  birthdate: string;
}

/**
 * The values of the start date and traveler step.
 *
 * - `startDate`: one of getStartDates' dates (YYYY-MM-DD, the first of a month).
 * - `isTraveler`: always true where the traveler must be the subscriber (joti, seti).
 * - `traveler`: only when `isTraveler` is false; names trimmed, birthdate as YYYY-MM-DD.
 * - `quote`: the quote for the start date: DEU4900's for deuti, the company's for joti and seti when
 *   the wizard passes `companyId` (the order submit needs a quote of the chosen start date).
 */
export interface StartTravelerValues {
  startDate: string;
  isTraveler: boolean;
  traveler?: TravelerValues;
  quote?: Quote;
}

export interface StartTravelerStepProps extends StepProps<StartTravelerValues> {
  /**
   * The company of the company step (joti, seti): the step then quotes it for the chosen start date.
   * Without it, deuti quotes DEU4900 and the other products pass no quote.
   */
  companyId?: string | undefined;
}

interface StartTravelerFormValues {
  startDate: string;
  isTraveler: boolean;
  firstName: string;
  lastName: string;
  gender: Gender | '';
  birthdate: string;
}

function initialValues(defaults: Partial<StartTravelerValues> | undefined, travelerChoice: boolean): StartTravelerFormValues {
  const traveler = travelerChoice && defaults?.isTraveler === false ? defaults.traveler : undefined;
  return {
    startDate: defaults?.startDate ?? '',
    isTraveler: traveler === undefined,
    firstName: traveler?.firstName ?? '',
    lastName: traveler?.lastName ?? '',
    gender: traveler?.gender ?? '',
    birthdate: traveler?.birthdate ?? '',
  };
}

/**
 * The start date and traveler step (all products). The months come from getStartDates; a start in
 * the current month from the 11th on asks for confirmation first (SPEC.md 4.1). Where the product
 * allows ordering for someone else (deuti), the customer says who travels, and then the traveler's
 * names, gender and birth date are required (SPEC.md 5.1, 6.1).
 */
export function StartTravelerStep({ defaultValues, onSubmit, onBack, product, companyId }: StartTravelerStepProps) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'de-DE';
  const { queries, today } = useWizardServices();
  const queryClient = useQueryClient();
  const travelerChoice = !product.travelerMustBeSubscriber;
  const quoteCompanyId = product.hasCompanies ? companyId?.trim() || undefined : defaultCompanyId;
  const [submitFailed, setSubmitFailed] = useState(false);

  // The start-month warning: the month it is shown for, the month the customer confirmed, whether a
  // submit waits for the answer, and the month to go back to when the customer picks another.
  const [warningFor, setWarningFor] = useState<string | undefined>(undefined);
  const confirmedStart = useRef<string | undefined>(undefined);
  const submitAfterConfirm = useRef(false);
  const startBeforeWarning = useRef('');
  const needsWarning = (startDate: string) =>
    startDate !== '' && confirmedStart.current !== startDate && needsStartMonthWarning(startDate, toIsoDate(today()));

  const quoteOptions = (id: string, startDate: string) =>
    queries.queryOptions('get', '/api/v1/quotation/quotes/{companyId}', {
      params: { path: { companyId: id }, query: { subscriptionStartsOn: startDate } },
    });

  const form = useForm({
    defaultValues: initialValues(defaultValues, travelerChoice),
    validators: {
      onChange: ({ value }) => {
        const result = v.safeParse(startDateTravelerSchema(today()), value);
        if (result.success) return undefined;
        const fields: Partial<Record<keyof StartTravelerFormValues, string>> = {};
        for (const issue of result.issues) {
          const name = v.getDotPath(issue) as keyof StartTravelerFormValues | null;
          if (name && !(name in fields)) fields[name] = issue.message;
        }
        return { fields };
      },
    },
    onSubmit: async ({ value }) => {
      setSubmitFailed(false);
      const result = v.safeParse(startDateTravelerSchema(today()), value);
      if (!result.success) return; // the form's validator shows the codes in place
      const output = result.output;
      if (needsWarning(output.startDate)) {
        submitAfterConfirm.current = true;
        startBeforeWarning.current = '';
        setWarningFor(output.startDate);
        return;
      }
      let quote: Quote | undefined;
      if (quoteCompanyId !== undefined) {
        try {
          quote = await queryClient.fetchQuery(quoteOptions(quoteCompanyId, output.startDate));
        } catch {
          setSubmitFailed(true);
          return;
        }
      }
      const traveler = output.isTraveler
        ? {}
        : { traveler: { firstName: output.firstName, lastName: output.lastName, gender: output.gender, birthdate: output.birthdate } };
      onSubmit({ startDate: output.startDate, isTraveler: output.isTraveler, ...traveler, ...(quote ? { quote } : {}) });
    },
  });
  const fieldError = useFieldError(form);

  const startDates = useQuery(queries.queryOptions('get', '/api/v1/order/startdates', { params: { query: { product: product.name } } }));
  const startDate = useStore(form.store, (state) => state.values.startDate);
  const isTraveler = useStore(form.store, (state) => state.values.isTraveler);
  const offered = startDates.data?.start_dates ?? [];
  const startOffered = offered.includes(startDate);
  const quote = useQuery({ ...quoteOptions(quoteCompanyId ?? '', startDate), enabled: quoteCompanyId !== undefined && startOffered });

  const closeWarning = () => {
    const month = warningFor;
    setWarningFor(undefined);
    if (month !== undefined && confirmedStart.current === month) {
      if (submitAfterConfirm.current) {
        submitAfterConfirm.current = false;
        void form.handleSubmit();
      }
      return;
    }
    // Another month, please: back to the month chosen before (or none).
    submitAfterConfirm.current = false;
    form.setFieldValue('startDate', startBeforeWarning.current);
  };

  const warningMonth = warningFor ? formatMonth(warningFor, locale) : '';

  return (
    <StepForm
      form={form}
      title={t({ id: 'order:startTraveler.title', message: 'Start date and traveler' })}
      onBack={onBack}
      isBusy={startDates.isPending}
      className={styles.step}
    >
      <form.Field name="startDate" listeners={revalidateOnBlur}>
        {(field) =>
          startDates.isError ? (
            <Alert variant="destructive" title={t({ id: 'order:startDate.label', message: 'First month of your ticket' })}>
              <Trans id="order:startDate.notFound">No start dates can be offered right now. Please try again later.</Trans>
            </Alert>
          ) : (
            <RadioGroup
              name={field.name}
              label={t({ id: 'order:startDate.label', message: 'First month of your ticket' })}
              description={
                startDates.isPending
                  ? t({ id: 'order:startDate.loading', message: 'Loading the months you can start in…' })
                  : t({ id: 'order:startDate.description', message: 'The ticket is valid for whole calendar months.' })
              }
              isRequired
              value={field.state.value || null}
              onChange={(value) => {
                const previous = field.state.value;
                field.handleChange(value);
                if (needsWarning(value)) {
                  startBeforeWarning.current = previous;
                  submitAfterConfirm.current = false;
                  setWarningFor(value);
                }
              }}
              onBlur={field.handleBlur}
              {...fieldError(field)}
            >
              {offered.map((date) => (
                <Radio key={date} value={date}>
                  {formatMonth(date, locale)}
                </Radio>
              ))}
            </RadioGroup>
          )
        }
      </form.Field>

      {quoteCompanyId !== undefined && startOffered ? (
        <QuotePrice quote={quote.data} companyId={quoteCompanyId} product={product} failed={quote.isError} />
      ) : null}

      {travelerChoice ? (
        <form.Field name="isTraveler">
          {(field) => (
            <RadioGroup
              name={field.name}
              label={t({ id: 'order:traveler.isTraveler.label', message: 'Who will travel with the ticket?' })}
              isRequired
              value={field.state.value ? 'self' : 'other'}
              onChange={(value) => field.handleChange(value === 'self')}
              onBlur={field.handleBlur}
            >
              <Radio value="self">
                <Trans id="order:traveler.isTraveler.self">I will</Trans>
              </Radio>
              <Radio
                value="other"
                description={t({ id: 'order:traveler.creditCardOnly', message: 'When you order for someone else, you can pay by credit card only.' })}
              >
                <Trans id="order:traveler.isTraveler.other">Someone else</Trans>
              </Radio>
            </RadioGroup>
          )}
        </form.Field>
      ) : null}

      {travelerChoice && !isTraveler ? (
        <fieldset className={styles.traveler}>
          <legend className={styles.legend}>
            <Trans id="order:traveler.legend">The traveler</Trans>
          </legend>
          <form.Field name="firstName" listeners={revalidateOnBlur}>
            {(field) => (
              <TextField
                name="travelerFirstName"
                label={t({ id: 'order:traveler.firstName', message: 'First name of the traveler' })}
                isRequired
                autoComplete="off"
                {...bindTextField(field, fieldError(field))}
              />
            )}
          </form.Field>
          <form.Field name="lastName" listeners={revalidateOnBlur}>
            {(field) => (
              <TextField
                name="travelerLastName"
                label={t({ id: 'order:traveler.lastName', message: 'Last name of the traveler' })}
                isRequired
                autoComplete="off"
                {...bindTextField(field, fieldError(field))}
              />
            )}
          </form.Field>
          <form.Field name="gender" listeners={revalidateOnBlur}>
            {(field) => (
              <RadioGroup
                name="travelerGender"
                label={t({ id: 'order:traveler.gender', message: 'Gender of the traveler' })}
                isRequired
                orientation="horizontal"
                value={field.state.value || null}
                onChange={(value) => field.handleChange(genders.find((gender) => gender === value) ?? '')}
                onBlur={field.handleBlur}
                {...fieldError(field)}
              >
                <Radio value="Female">
                  <Trans id="order:traveler.gender.female">Female</Trans>
                </Radio>
                <Radio value="Male">
                  <Trans id="order:traveler.gender.male">Male</Trans>
                </Radio>
                <Radio value="NotSpecified">
                  <Trans id="order:traveler.gender.notSpecified">Not specified</Trans>
                </Radio>
              </RadioGroup>
            )}
          </form.Field>
          <form.Field name="birthdate" listeners={revalidateOnBlur}>
            {(field) => (
              <BirthdateField
                field={field}
                name="travelerBirthdate"
                label={t({ id: 'order:traveler.birthdate', message: 'Date of birth of the traveler' })}
                description={t({ id: 'order:traveler.birthdate.description', message: 'The traveler must be at least 6 years old.' })}
                errorProps={fieldError(field)}
              />
            )}
          </form.Field>
        </fieldset>
      ) : null}

      {submitFailed ? (
        <Alert variant="destructive" title={t({ id: 'order:price.error.title', message: 'Your price cannot be loaded' })}>
          <Trans id="order:price.error">Your price cannot be shown right now. Please try again later.</Trans>
        </Alert>
      ) : null}

      <AlertDialog
        isOpen={warningFor !== undefined}
        onOpenChange={(open) => {
          if (!open) closeWarning();
        }}
        title={t({ id: 'order:startDate.warning.title', message: 'Start in the current month?' })}
        confirmLabel={t({ id: 'order:startDate.warning.confirm', message: `Start in ${warningMonth}` })}
        cancelLabel={t({ id: 'order:startDate.warning.cancel', message: 'Choose another month' })}
        onConfirm={() => {
          confirmedStart.current = warningFor;
        }}
      >
        <p>
          <Trans id="order:startDate.warning.description">
            {warningMonth} has already begun. A ticket for {warningMonth} costs the full monthly price, even though only part of the month is left.
          </Trans>
        </p>
      </AlertDialog>
    </StepForm>
  );
}
