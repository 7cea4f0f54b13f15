import { Trans, useLingui } from '@lingui/react/macro';
import { type AnyFormApi, useStore } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';
import { type FunctionComponent, Suspense, useEffect, useState } from 'react';

import type { StartAndTravelerValues, StartMonthQuestion } from '#machines/order-wizard/order-wizard.types';
import { startDatesQuery } from '#src/api/queries/order-form';
import { quoteQuery } from '#src/api/queries/quote';
import { startDateTravelerSchema } from '#src/domain/address';
import { startDateSchema } from '#src/domain/personal-fields';
import { outputOrShowIssues, validatorOf } from '#src/forms/field-validation';
import { useAppForm } from '#src/forms/form-hook';
import type { PersonFieldValues } from '#src/forms/person-fields';
import { formatMonth } from '#src/i18n/format';
import { useLocale } from '#src/i18n/use-locale';
import { Alert } from '#src/ui/alert';
import { LoadingStatus } from '#src/ui/loading-status';
import { Radio, RadioGroup } from '#src/ui/radio-group';
import { QuotePrice } from './quote-price';
import * as styles from './start-traveler-step.css';
import { StepForm, type StepProps, useEntriesReport, withEntries } from './step-form';
import { useWizardServices } from './wizard-services';

export interface StartTravelerStepProps extends StepProps<StartAndTravelerValues> {
  /** The company the chosen month's price is for: DEU4900 for deuti, the company step's for joti and seti. */
  quoteCompanyId: string;
  /** SPEC.md 6.1: the customer may order for someone else (deuti); else the subscriber travels. */
  offersBookingForOthers: boolean;
  /** The wizard asks about the start month (SPEC.md 4.1): the dialog is open with its month. */
  startMonthWarning: StartMonthQuestion | undefined;
  /** The customer picked a month in the form: the wizard decides whether to ask. */
  onStartDateChosen: (startDate: string) => void;
  /** The dialog's answer; false when the wizard no longer asks (the dialog closing after a confirmation). */
  onStartMonthAnswer: (answer: 'confirm' | 'reject') => boolean;
  /** The wizard's quote of the month failed (SPEC.md 8): the step says so; Next tries again. */
  quoteFailed?: boolean | undefined;
}

/**
 * The traveler's fields (the kit's person fields, with the birth date's date field and its calendar
 * library) are a chunk apart: the start step is the first thing /order shows for deuti, and most
 * customers travel themselves. The step preloads them, so "Someone else" shows them at once. The
 * lazy wrapper cannot carry the person fields' generic props, so it is given them for this form
 * (`TravelerFieldsProps`); tsc checks that the loaded `PersonFields` takes them.
 */
const TravelerFields = lazyRouteComponent<{ PersonFields: FunctionComponent<TravelerFieldsProps> }, 'PersonFields'>(
  () => import('#src/forms/person-fields'),
  'PersonFields',
);
/**
 * The start-month dialog (react-aria's modal with its overlays: about 9 KiB gzip) is a chunk apart
 * too: it opens only when the wizard asks (SPEC.md 4.1). The step preloads it, so it opens at once;
 * asked before its code is there, it opens as soon as the code has come.
 */
const AlertDialog = lazyRouteComponent(() => import('#src/ui/alert-dialog'), 'AlertDialog');
/** The rows that stand in for the start months while they load (styles.monthPlaceholder). */
const monthPlaces = [1, 2, 3, 4];
/** The person fields' names in this form: the same as the kit's (`personFields`, not imported: it would bring the chunk). */
const travelerFields = { gender: 'gender', firstName: 'firstName', lastName: 'lastName', birthdate: 'birthdate' } as const;

type StartTravelerFormValues = PersonFieldValues & {
  startDate: string;
  isTraveler: boolean;
};

/** The step's form: a function of its own, so that `TravelerFieldsProps` can name its type. */
function useStartTravelerForm(defaultValues: StartTravelerFormValues, onSubmit: (value: StartTravelerFormValues, formApi: AnyFormApi) => void) {
  return useAppForm({ defaultValues, onSubmit: ({ value, formApi }) => onSubmit(value, formApi) });
}

interface TravelerFieldsProps {
  form: ReturnType<typeof useStartTravelerForm>;
  fields: typeof travelerFields;
  role: 'traveler';
  today: () => Date;
}

function initialValues(defaults: Partial<StartAndTravelerValues> | undefined, travelerChoice: boolean): StartTravelerFormValues {
  const traveler = travelerChoice && defaults?.isTraveler === false ? defaults : undefined;
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
 * The start date and traveler step (all products). The months come from getStartDates, with the
 * price of the chosen one. Where the product allows ordering for someone else (deuti), the customer
 * says who travels, and then the traveler's names, gender and birth date are required (SPEC.md 5.1,
 * 6.1). The wizard decides the rest: whether a month asks first (the start-month dialog, SPEC.md
 * 4.1; "choose another month" puts the form back to the month the wizard names), and Next's quote
 * (`isBusy`: Next loading; `quoteFailed`).
 */
export function StartTravelerStep({
  defaultValues,
  entries,
  onEntriesChange,
  onSubmit,
  onBack,
  product,
  isBusy = false,
  quoteCompanyId,
  offersBookingForOthers,
  startMonthWarning,
  onStartDateChosen,
  onStartMonthAnswer,
  quoteFailed = false,
}: StartTravelerStepProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { queries, today } = useWizardServices();
  const travelerChoice = offersBookingForOthers;
  // Where the customer may order for someone else, that choice shows the traveler's fields at once.
  useEffect(() => {
    if (travelerChoice) void TravelerFields.preload?.();
  }, [travelerChoice]);
  // The start-month dialog's code comes while the customer chooses. The dialog is rendered from the
  // wizard's first question on and stays (closed) after it, so it closes as react-aria closes it.
  useEffect(() => {
    void AlertDialog.preload?.();
  }, []);
  const asked = startMonthWarning !== undefined;
  const [dialogRendered, setDialogRendered] = useState(asked);
  if (asked && !dialogRendered) setDialogRendered(true);

  const form = useStartTravelerForm(withEntries(initialValues(defaultValues, travelerChoice), entries), (value, formApi) => {
    const output = outputOrShowIssues(formApi, startDateTravelerSchema(today()), value);
    if (output) onSubmit(output);
  });

  useEntriesReport(form, onEntriesChange);

  const startDates = useQuery(startDatesQuery(queries, product.name));
  const startDate = useStore(form.store, (state) => state.values.startDate);
  const isTraveler = useStore(form.store, (state) => state.values.isTraveler);
  const offered = startDates.data?.start_dates ?? [];
  const startOffered = offered.includes(startDate);
  const quote = useQuery({
    ...quoteQuery(queries, quoteCompanyId, startDate),
    enabled: startOffered,
  });

  const warningMonth = startMonthWarning ? formatMonth(startMonthWarning.month, locale) : '';

  return (
    <StepForm
      form={form}
      title={t({ id: 'order:startTraveler.title', message: 'Start date and traveler' })}
      onBack={onBack}
      isBusy={isBusy || startDates.isPending}
      className={styles.step}
    >
      <form.AppField name="startDate" validators={{ onChange: validatorOf(startDateSchema) }}>
        {(field) =>
          startDates.isError ? (
            <Alert variant="destructive" title={t({ id: 'order:startDate.label', message: 'First month of your ticket' })}>
              <Trans id="order:startDate.notFound">No start dates can be offered right now. Please try again later.</Trans>
            </Alert>
          ) : (
            <field.RadioGroup
              label={t({ id: 'order:startDate.label', message: 'First month of your ticket' })}
              description={
                startDates.isPending
                  ? t({ id: 'order:startDate.loading', message: 'Loading the months you can start in…' })
                  : t({ id: 'order:startDate.description', message: 'The ticket is valid for whole calendar months.' })
              }
              isRequired
              onChange={(value) => onStartDateChosen(value)}
            >
              {startDates.isPending
                ? monthPlaces.map((place) => <div key={place} aria-hidden="true" className={styles.monthPlaceholder} />)
                : offered.map((date) => (
                    <Radio key={date} value={date}>
                      {formatMonth(date, locale)}
                    </Radio>
                  ))}
            </field.RadioGroup>
          )
        }
      </form.AppField>

      {startOffered ? <QuotePrice quote={quote.data} companyId={quoteCompanyId} product={product} failed={quote.isError} /> : null}

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
          <Suspense fallback={<LoadingStatus>{t({ id: 'order:traveler.loading', message: 'Loading the traveler’s fields …' })}</LoadingStatus>}>
            <TravelerFields form={form} fields={travelerFields} role="traveler" today={today} />
          </Suspense>
        </fieldset>
      ) : null}

      {quoteFailed ? (
        <Alert variant="destructive" title={t({ id: 'order:price.error.title', message: 'Your price cannot be loaded' })}>
          <Trans id="order:price.error">Your price cannot be shown right now. Please try again later.</Trans>
        </Alert>
      ) : null}

      {dialogRendered ? (
        <Suspense fallback={null}>
          <AlertDialog
            isOpen={asked}
            onOpenChange={(open) => {
              // Escape or "Choose another month": the form goes back to the month the wizard names.
              if (!open && startMonthWarning && onStartMonthAnswer('reject')) form.setFieldValue('startDate', startMonthWarning.revertTo);
            }}
            title={t({ id: 'order:startDate.warning.title', message: 'Start in the current month?' })}
            confirmLabel={t({ id: 'order:startDate.warning.confirm', message: `Start in ${warningMonth}` })}
            cancelLabel={t({ id: 'order:startDate.warning.cancel', message: 'Choose another month' })}
            onConfirm={() => {
              onStartMonthAnswer('confirm');
            }}
          >
            <p>
              <Trans id="order:startDate.warning.description">
                {warningMonth} has already begun. A ticket for {warningMonth} costs the full monthly price, even though only part of the month is left.
              </Trans>
            </p>
          </AlertDialog>
        </Suspense>
      ) : null}
    </StepForm>
  );
}
