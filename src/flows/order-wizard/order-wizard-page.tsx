import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Suspense, useEffect } from 'react';

import type { OrderWizardData, StepId } from '#machines/order-wizard/order-wizard.types';
import { useFlowServices } from '#src/flows/use-flow';
import { Alert } from '#src/ui/alert';
import { LoadingStatus } from '#src/ui/loading-status';
import { PageHeading } from '#src/ui/page-heading';
import { useStepFocus } from '#src/ui/use-step-focus';
import { preloadStepScreen, stepScreens } from './step-screens';
import { WizardServicesProvider } from './steps/wizard-services';
import { type OrderWizardOptions, useOrderWizard } from './use-order-wizard';
import * as styles from './order-wizard-page.css';

export type OrderWizardPageProps = OrderWizardOptions;

/**
 * The order wizard (SPEC.md 2.3, 4.1): one machine for all products and both entries. This page
 * renders the machine's view (useOrderWizard) and sends the steps' events, and their entries to
 * the draft; what comes next, the quotes, the start-month dialog, the browser's back and forward
 * and the page after the order are the machine's.
 *
 * Each step's screen is a chunk of its own (./step-screens.ts): the step on screen renders in a
 * Suspense boundary, and the steps one press away are preloaded, so Next and Back show the step at once.
 */
export function OrderWizardPage(props: OrderWizardPageProps) {
  const { t, i18n } = useLingui();
  const { api, queries, config } = useFlowServices();
  const product = config.product;
  const { view, send, answerStartMonth, signInInstead, entriesOf, saveEntries } = useOrderWizard(props);

  // The steps one press away load while the customer fills in this one.
  const around = stepsAround(view.steps, view.step, view.editableSteps).join(' ');
  useEffect(() => {
    if (around) around.split(' ').forEach((step) => preloadStepScreen(step as StepId));
  }, [around]);

  if (view.result) return null;

  const { company: CompanyStep, startAndTraveler: StartTravelerStep, billing: BillingStep, account: AccountStep, summary: SummaryStep } = stepScreens;

  const back = view.canGoBack ? () => send({ type: 'step.back' }) : undefined;
  const stepTitle = view.step ? i18n._(stepTitleMessages[view.step]) : '';
  const { stepNumber, stepCount } = view;
  const quoteFailed = view.error === 'quoteFailed';

  return (
    <WizardServicesProvider api={api} queries={queries}>
      <PageHeading>{t({ id: 'order:title', message: 'Order your ticket' })}</PageHeading>
      <ol className={styles.progress} aria-label={t({ id: 'order:progress.label', message: 'Steps of your order' })}>
        {view.steps.map((step, index) => (
          <li key={step} className={styles.progressItem} aria-current={step === view.step ? 'step' : undefined} data-done={index < view.stepNumber - 1 || undefined}>
            <span className={styles.progressNumber}>{index + 1}</span> {i18n._(stepTitleMessages[step])}
          </li>
        ))}
      </ol>
      <p className={styles.stepCount} aria-live="polite">
        {t({ id: 'order:progress.current', message: `Step ${stepNumber} of ${stepCount}: ${stepTitle}` })}
      </p>
      <div data-step-heading="" className={styles.step}>
        <Suspense
          fallback={
            <div className={styles.stepLoading}>
              <LoadingStatus>{t({ id: 'order:step.loading', message: 'Loading this step …' })}</LoadingStatus>
            </div>
          }
        >
          <StepFocus step={view.step} />
          {view.step === 'company' ? (
            <CompanyStep
              key="company"
              entries={entriesOf('company')}
              onEntriesChange={(values) => saveEntries('company', values)}
              product={product}
              defaultValues={view.data.company}
              onSubmit={(values) => send({ type: 'step.next', step: 'company', values })}
              onBack={back}
              isBusy={view.isQuoting}
              quoteFailed={quoteFailed}
            />
          ) : null}
          {view.step === 'startAndTraveler' ? (
            <StartTravelerStep
              key="startAndTraveler"
              entries={entriesOf('startAndTraveler')}
              onEntriesChange={(values) => saveEntries('startAndTraveler', values)}
              product={product}
              defaultValues={view.data.startAndTraveler}
              onSubmit={(values) => send({ type: 'step.next', step: 'startAndTraveler', values })}
              onBack={back}
              isBusy={view.isQuoting}
              quoteFailed={quoteFailed}
              quoteCompanyId={view.quoteCompanyId}
              offersBookingForOthers={view.offersBookingForOthers}
              startMonthWarning={view.startMonthWarning}
              onStartDateChosen={(startDate) => send({ type: 'startDate.chosen', startDate })}
              onStartMonthAnswer={answerStartMonth}
            />
          ) : null}
          {view.step === 'billing' ? (
            <BillingStep
              key="billing"
              entries={entriesOf('billing')}
              onEntriesChange={(values) => saveEntries('billing', values)}
              product={product}
              defaultValues={view.data.billing}
              prefill={billingPrefill(view.data)}
              namesReadOnly={view.billingNamesReadOnly}
              onSubmit={(values) => send({ type: 'step.next', step: 'billing', values })}
              onBack={back}
            />
          ) : null}
          {view.step === 'account' && view.error === 'passwordNeededAgain' ? (
            <Alert variant="info" title={t({ id: 'registration:passwordNeededAgain.title', message: 'Please enter your password again' })} announce>
              {t({
                id: 'registration:passwordNeededAgain.description',
                message: 'For your safety, a password is never kept when the page reloads. Everything else you entered is still here.',
              })}
            </Alert>
          ) : null}
          {view.step === 'account' ? (
            <AccountStep
              key="account"
              entries={entriesOf('account')}
              onEntriesChange={(values) => saveEntries('account', values)}
              product={product}
              defaultValues={view.data.account}
              onSubmit={(values) => send({ type: 'step.next', step: 'account', values })}
              onBack={back}
              onSignInInstead={signInInstead}
              serverError={view.error === 'mailAddressAlreadyExists' ? 'mailAddressAlreadyExists' : undefined}
            />
          ) : null}
          {view.step === 'summary' ? (
            <SummaryStep
              key="summary"
              entries={entriesOf('summary')}
              onEntriesChange={(values) => saveEntries('summary', values)}
              product={product}
              summary={view.summary}
              editableSteps={view.editableSteps}
              onEdit={(step) => send({ type: 'step.goTo', step })}
              onSubmit={(values) => send({ type: 'order.submit', values })}
              onBack={back}
              isSubmitting={view.isSubmitting}
              error={view.error}
              defaultValues={view.data.summary}
            />
          ) : null}
        </Suspense>
      </div>
    </WizardServicesProvider>
  );
}

/**
 * SPEC.md 4.8: a new step scrolls to the top, and its heading takes the focus. Rendered inside the
 * steps' Suspense boundary, next to the step: its effect runs once the new step is on screen, also
 * when the step's chunk had to load first (the fallback has no heading to focus).
 */
function StepFocus({ step }: { step: StepId | undefined }) {
  useStepFocus(step ?? '', { target: '[data-step-heading] h2' });
  return null;
}

/** The steps one press away from `step`: the next (Next), the previous (Back), and the summary's edit targets. */
export function stepsAround(steps: readonly StepId[], step: StepId | undefined, editable: readonly StepId[]): StepId[] {
  if (step === undefined) return [];
  const index = steps.indexOf(step);
  const around = [steps[index + 1], steps[index - 1], ...(step === 'summary' ? editable : [])];
  return [...new Set(around.filter((other): other is StepId => other !== undefined && other !== step))];
}

/** For seti the billing names come from the student record (SPEC.md 5.1, 6.1). */
function billingPrefill(data: OrderWizardData) {
  const student = data.company?.student;
  return student ? { firstName: student.firstName, lastName: student.lastName } : undefined;
}

const stepTitleMessages: Record<StepId, MessageDescriptor> = {
  company: msg({ id: 'order:steps.company', message: 'Company' }),
  startAndTraveler: msg({ id: 'order:steps.startAndTraveler', message: 'Start and traveler' }),
  billing: msg({ id: 'order:steps.billing', message: 'Billing address' }),
  account: msg({ id: 'order:steps.account', message: 'Account' }),
  summary: msg({ id: 'order:steps.summary', message: 'Summary' }),
};
