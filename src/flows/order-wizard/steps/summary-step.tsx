import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useId } from 'react';

import type { FormStepId, OrderWizardErrorCode, SummaryValues } from '#machines/order-wizard/order-wizard.types';
import type { OrderSummaryView } from '#machines/order-wizard/order-wizard.selectors';
import type { ProductRules } from '#src/domain/product';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { formatDate, formatMonth } from '#src/i18n/format';
import { useLocale } from '#src/i18n/use-locale';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { FormActions } from '#src/ui/form';
import { Link } from '#src/ui/link';
import { QuotePrice } from './quote-price';
import { type StepProps, useEntriesReport, withEntries } from './step-form';
import * as styles from './summary-step.css';

export interface SummaryStepProps {
  summary: OrderSummaryView;
  product: ProductRules;
  /** The parts the customer may change (SPEC.md 2.3: each part editable by jumping back). */
  editableSteps: readonly FormStepId[];
  onEdit: (step: FormStepId) => void;
  onSubmit: (values: SummaryValues) => void;
  onBack?: (() => void) | undefined;
  isSubmitting: boolean;
  error: OrderWizardErrorCode | undefined;
  defaultValues: Partial<SummaryValues> | undefined;
  entries?: StepProps<SummaryValues>['entries'];
  onEntriesChange?: StepProps<SummaryValues>['onEntriesChange'];
}

/**
 * The last step (SPEC.md 2.3, 4.1): everything entered, each part with a change button, the price
 * and the payment due date, both terms required, and the order button that German law wants to say
 * "order with obligation to pay". Errors of SPEC.md 8 keep every value.
 */
export function SummaryStep({
  summary,
  product,
  editableSteps,
  onEdit,
  onSubmit,
  onBack,
  isSubmitting,
  error,
  defaultValues,
  entries,
  onEntriesChange,
}: SummaryStepProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const titleId = useId();
  const form = useAppForm({
    defaultValues: withEntries(
      {
        areConditionsOfTransportAccepted: defaultValues?.areConditionsOfTransportAccepted ?? false,
        areAgbAccepted: defaultValues?.areAgbAccepted ?? false,
      },
      entries,
    ),
    onSubmit: ({ value }) => onSubmit(value),
  });
  useEntriesReport(form, onEntriesChange);
  const mustAccept = ({ value }: { value: boolean }) => (value ? undefined : 'required');

  const section = (step: FormStepId | undefined, title: ReactNode, body: ReactNode) => (
    <section className={styles.part} aria-label={typeof title === 'string' ? title : undefined}>
      <div className={styles.partHeader}>
        <h3 className={styles.partTitle}>{title}</h3>
        {step && editableSteps.includes(step) ? (
          <Button variant="text" size="sm" onPress={() => onEdit(step)} isDisabled={isSubmitting}>
            {t({ id: 'order:summary.change', message: 'Change' })}
            <span className={styles.visuallyHidden}>: {title}</span>
          </Button>
        ) : null}
      </div>
      {body}
    </section>
  );

  const { billing, traveler, company, account, quote } = summary;

  return (
    <section>
      <h2 id={titleId}>{t({ id: 'order:summary.title', message: 'Check and order' })}</h2>
      {error ? <SubmitError code={error} /> : null}
      <div className={styles.parts}>
        {company
          ? section(
              'company',
              t({ id: 'order:summary.company', message: 'Company' }),
              <dl className={styles.list}>
                <dt>{t({ id: 'order:summary.companyId', message: 'Company number' })}</dt>
                <dd>{company.companyId}</dd>
                <dt>
                  {product.name === 'seti'
                    ? t({ id: 'orderSeti:summary.matriculationNumber', message: 'Matriculation number' })
                    : t({ id: 'order:summary.staffNumber', message: 'Staff number' })}
                </dt>
                <dd>{company.staffNumber}</dd>
              </dl>,
            )
          : null}
        {section(
          'startAndTraveler',
          t({ id: 'order:summary.startAndTraveler', message: 'Start and traveler' }),
          <dl className={styles.list}>
            <dt>{t({ id: 'order:summary.startDate', message: 'First month' })}</dt>
            <dd>{summary.startDate ? formatMonth(summary.startDate, locale) : '–'}</dd>
            <dt>{t({ id: 'order:summary.traveler', message: 'Traveler' })}</dt>
            <dd>
              {summary.isTraveler
                ? t({ id: 'order:summary.travelerIsSubscriber', message: 'You travel yourself' })
                : traveler
                  ? `${traveler.firstName} ${traveler.lastName}, ${formatDate(traveler.birthdate, locale)}`
                  : '–'}
            </dd>
          </dl>,
        )}
        {billing
          ? section(
              'billing',
              t({ id: 'order:summary.billing', message: 'Billing address' }),
              <address className={styles.address}>
                {billing.firstName} {billing.lastName}
                <br />
                {billing.street} {billing.houseNumber}
                {billing.addition ? (
                  <>
                    <br />
                    {billing.addition}
                  </>
                ) : null}
                <br />
                {billing.zipCode} {billing.city}, {regionName(billing.country, locale)}
                <br />
                {t({ id: 'order:summary.birthdate', message: 'Born' })} {formatDate(billing.birthdate, locale)}
              </address>,
            )
          : null}
        {account
          ? section('account', t({ id: 'order:summary.account', message: 'Your account' }), <p className={styles.plain}>{account.mailAddress}</p>)
          : null}
        {section(
          undefined,
          t({ id: 'order:summary.priceAndPayment', message: 'Price and payment' }),
          <>
            <QuotePrice quote={quote} companyId={company?.companyId} product={product} />
            {summary.skipPayment ? (
              <p className={styles.plain}>
                {product.name === 'seti' ? (
                  <Trans id="orderSeti:summary.noPayment">
                    You pay nothing here: your share is collected with your semester fee. No payment details are needed.
                  </Trans>
                ) : (
                  <Trans id="order:summary.noPayment">You pay nothing: your ticket is fully paid for. No payment details are needed.</Trans>
                )}
              </p>
            ) : (
              <dl className={styles.list}>
                <dt>{t({ id: 'order:summary.dueDate', message: 'First payment due' })}</dt>
                <dd>{summary.paymentDueDate ? formatDate(summary.paymentDueDate, locale) : '–'}</dd>
                <dt>{t({ id: 'order:summary.paymentMethods', message: 'Payment methods' })}</dt>
                <dd>
                  {summary.allowedPaymentMethods?.includes('BANKACCOUNT')
                    ? t({ id: 'order:summary.paymentMethods.both', message: 'Direct debit or credit card, chosen in the next step' })
                    : t({ id: 'order:summary.paymentMethods.cardOnly', message: 'Credit card only, because you order for someone else' })}
                </dd>
              </dl>
            )}
          </>,
        )}
      </div>
      <FormFrame form={form} aria-labelledby={titleId} isBusy={isSubmitting}>
        <form.AppField name="areConditionsOfTransportAccepted" validators={{ onChange: mustAccept, onSubmit: mustAccept }}>
          {(field) => (
            <field.Checkbox
              isRequired
              translateError={() => t({ id: 'order:summary.conditionsRequired', message: 'Please accept the conditions of transport.' })}
            >
              <Trans id="order:summary.acceptConditions">
                I accept the <Link href="/legal/tariff">conditions of transport</Link>.
              </Trans>
            </field.Checkbox>
          )}
        </form.AppField>
        <form.AppField name="areAgbAccepted" validators={{ onChange: mustAccept, onSubmit: mustAccept }}>
          {(field) => (
            <field.Checkbox
              isRequired
              translateError={() => t({ id: 'order:summary.agbRequired', message: 'Please accept the general terms and conditions.' })}
            >
              <Trans id="order:summary.acceptAgb">
                I accept the <Link href="/legal/agb">general terms and conditions</Link>.
              </Trans>
            </field.Checkbox>
          )}
        </form.AppField>
        <p className={styles.plain}>
          <Trans id="order:summary.withdrawal">
            You can withdraw from the contract within 14 days without giving reasons, as explained in the{' '}
            <Link href="/legal/agb#withdrawal">right of withdrawal of our terms and conditions</Link>.
          </Trans>
        </p>
        <FormActions>
          {onBack ? (
            <Button variant="secondary" onPress={onBack} isDisabled={isSubmitting}>
              {t({ id: 'common:wizard.previous', message: 'Back' })}
            </Button>
          ) : null}
          <SubmitButton>{t({ id: 'order:summary.submit', message: 'Order with obligation to pay' })}</SubmitButton>
        </FormActions>
      </FormFrame>
    </section>
  );
}

/** SPEC.md 8: the order errors; the registration ones speak of the account. */
function SubmitError({ code }: { code: OrderWizardErrorCode }) {
  const title = <Trans id="dashboard:addSubscription.errors.title">Your order could not be sent</Trans>;
  switch (code) {
    case 'submittingError400':
      return (
        <Alert variant="destructive" title={title}>
          <Trans id="dashboard:addSubscription.errors.submittingError400.description">
            Some of your details were not accepted. Please check them and try again.
          </Trans>
        </Alert>
      );
    case 'registerFailed':
      return (
        <Alert variant="destructive" title={title}>
          <Trans id="order:summary.errors.registerFailed">Your account could not be created. Please try again in a moment.</Trans>
        </Alert>
      );
    case 'autoSignInFailed':
      return (
        <Alert variant="destructive" title={title}>
          <Trans id="order:summary.errors.autoSignInFailed">
            Your account was created, but signing you in failed. Please sign in to finish your order; your details are kept.
          </Trans>
        </Alert>
      );
    default:
      return (
        <Alert variant="destructive" title={title}>
          <Trans id="dashboard:addSubscription.errors.submittingError.description">
            Something went wrong while sending your order. Your details are kept; please try again.
          </Trans>
        </Alert>
      );
  }
}

function regionName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
