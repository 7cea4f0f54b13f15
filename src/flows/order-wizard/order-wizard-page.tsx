import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';

import {
  type FormStepId,
  orderWizardMachine,
  type OrderWizardOutput,
  type StepId,
  type StepValues,
} from '#machines/order-wizard/order-wizard.machine';
import { selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
import type { ApiClient } from '#src/api/client';
import type { Queries } from '#src/api/queries';
import { toIsoDate } from '#src/domain/personal-fields';
import type { ProductRules } from '#src/domain/product';
import { Alert } from '#src/ui/alert';
import { inspection } from '../inspector';
import { AccountStep } from './steps/account-step';
import { BillingStep } from './steps/billing-step';
import { CompanyStep } from './steps/company-step';
import { StartTravelerStep } from './steps/start-traveler-step';
import { WizardServicesProvider } from './steps/step-form';
import { SummaryStep } from './steps/summary-step';
import { wizardActors, type WizardDeps } from './wizard-actors';
import { clearDraft, loadDraft, saveDraft } from './wizard-draft';
import * as styles from './order-wizard-page.css';

export interface OrderWizardPageProps extends WizardDeps {
  queries: Queries;
  api: ApiClient;
  product: ProductRules;
  /** The visitor variant: the account step registers before the order. */
  registration: boolean;
  /** A session exists now (after a sign-in detour the draft continues without the account step). */
  signedIn: boolean;
  /** The page's h1 (routes own PageHeading; a flow does not import a route). */
  heading: (children: ReactNode) => ReactNode;
  /** The step in the URL (browser back and forward), and telling the route of a step change. */
  urlStep: StepId | undefined;
  onStepChange: (step: StepId, replace: boolean) => void;
  /** SPEC.md 4.1: payment page, or the confirmation when nothing is to be paid. */
  onDone: (output: OrderWizardOutput) => void;
  onSignInInstead: () => void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  today?: () => Date;
}

const newKey = () => crypto.randomUUID();

/**
 * The order wizard (SPEC.md 2.3, 4.1): one machine for all products and both entries. The machine
 * owns the steps and the submission; this page renders its state, keeps the draft in
 * sessionStorage and moves the URL with the steps.
 */
export function OrderWizardPage(props: OrderWizardPageProps) {
  const { t, i18n } = useLingui();
  const { product, registration, storage } = props;
  const today = useMemo(() => props.today ?? (() => new Date()), [props.today]);

  // Restored once per page load; a new wizard otherwise.
  const restored = useMemo(() => loadDraft(storage, product.name), [storage, product.name]);
  const machine = useMemo(
    () => orderWizardMachine.provide({ actors: wizardActors({ api: props.api, config: props.config, signInWithCode: props.signInWithCode }) }),
    // The actors close over stable services from the router context.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine, {
    ...inspection(),
    ...(restored ? { snapshot: restored } : {}),
    input: { product: product.name, registration, idempotencyKeys: { register: newKey(), submit: newKey() } },
  });

  const todayIso = toIsoDate(today());
  const view = useSelector(actor, (snapshot) => selectOrderWizardView(snapshot, todayIso));
  const status = useSelector(actor, (snapshot) => snapshot.status);

  // Tell a restored wizard whether a session exists now (a sign-in detour, or a reload).
  const signedIn = props.signedIn;
  useEffect(() => {
    actor.send({ type: 'wizard.restored', signedIn });
  }, [actor, signedIn]);

  // The draft follows every change; success clears it and moves on.
  const { onDone } = props;
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') {
        clearDraft(storage);
        onDone(snapshot.output);
      } else if (snapshot.status === 'active') {
        saveDraft(storage, snapshot);
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, storage, onDone]);

  // The URL follows the step (a history entry per step), and the browser's back and forward move the
  // machine: back with step.back, forward by re-sending the values the next step already has.
  const { urlStep, onStepChange } = props;
  const lastStep = useRef<StepId | undefined>(undefined);
  useEffect(() => {
    const step = view.step;
    if (!step) return;
    if (urlStep !== step) {
      if (lastStep.current === step && urlStep !== undefined) {
        moveTowards(urlStep);
        return;
      }
      onStepChange(step, lastStep.current === undefined);
    }
    if (lastStep.current !== undefined && lastStep.current !== step) {
      window.scrollTo(0, 0);
      requestAnimationFrame(() => {
        // The new step's heading takes focus, so a screen reader announces where the customer is.
        const heading = document.querySelector<HTMLElement>('[data-step-heading] h2');
        if (heading) {
          heading.tabIndex = -1;
          heading.focus({ preventScroll: true });
        }
      });
    }
    lastStep.current = step;
    // moveTowards reads the latest view through the actor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.step, urlStep, onStepChange]);

  function moveTowards(target: StepId) {
    const snapshot = actor.getSnapshot();
    const current = selectOrderWizardView(snapshot, todayIso);
    const from = current.steps.indexOf(current.step ?? 'summary');
    const to = current.steps.indexOf(target);
    if (to < 0 || from < 0 || to === from || current.isSubmitting) return;
    if (to < from) {
      actor.send({ type: 'step.back' });
      return;
    }
    const step = current.step as FormStepId;
    const values = current.data[step];
    // Forward only with complete values: an account whose password was not kept must be typed again.
    const complete = values !== undefined && (step !== 'account' || Boolean(current.data.account?.password));
    if (complete) actor.send({ type: 'step.next', step, values } as never);
    else onStepChange(current.step ?? target, true);
  }

  if (status === 'done') return null;

  const back = view.canGoBack ? () => actor.send({ type: 'step.back' }) : undefined;
  const next = <S extends FormStepId>(step: S) => (values: StepValues[S]) => actor.send({ type: 'step.next', step, values } as never);
  const stepTitle = view.step ? i18n._(stepTitleMessages[view.step]) : '';
  const { stepNumber, stepCount } = view;

  return (
    <WizardServicesProvider api={props.api} queries={props.queries} today={today}>
      {props.heading(t({ id: 'order:title', message: 'Order your ticket' }))}
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
        {view.step === 'company' ? (
          <CompanyStep key="company" product={product} defaultValues={view.data.company} onSubmit={next('company')} onBack={back} />
        ) : null}
        {view.step === 'startAndTraveler' ? (
          <StartTravelerStep
            key="startAndTraveler"
            product={product}
            companyId={view.data.company?.companyId}
            defaultValues={view.data.startAndTraveler as never}
            onSubmit={next('startAndTraveler') as never}
            onBack={back}
          />
        ) : null}
        {view.step === 'billing' ? (
          <BillingStep
            key="billing"
            product={product}
            defaultValues={view.data.billing}
            prefill={billingPrefill(view.data)}
            onSubmit={next('billing')}
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
            product={product}
            defaultValues={view.data.account as never}
            onSubmit={next('account') as never}
            onBack={back}
            onSignInInstead={props.onSignInInstead}
            serverError={view.error === 'mailAddressAlreadyExists' ? 'mailAddressAlreadyExists' : undefined}
          />
        ) : null}
        {view.step === 'summary' ? (
          <SummaryStep
            key="summary"
            product={product}
            summary={view.summary}
            editableSteps={view.editableSteps}
            onEdit={(step) => actor.send({ type: 'step.goTo', step })}
            onSubmit={(values) => actor.send({ type: 'order.submit', values })}
            onBack={back}
            isSubmitting={view.isSubmitting}
            error={view.error}
            defaultValues={view.data.summary}
          />
        ) : null}
      </div>
    </WizardServicesProvider>
  );
}

/** For seti the billing names come from the student record (SPEC.md 5.1, 6.1); else the traveler's when the subscriber travels. */
function billingPrefill(data: ReturnType<typeof selectOrderWizardView>['data']) {
  const student = data.company?.student;
  if (student) return { firstName: student.firstName, lastName: student.lastName };
  return undefined;
}

const stepTitleMessages: Record<StepId, MessageDescriptor> = {
  company: msg({ id: 'order:steps.company', message: 'Company' }),
  startAndTraveler: msg({ id: 'order:steps.startAndTraveler', message: 'Start and traveler' }),
  billing: msg({ id: 'order:steps.billing', message: 'Billing address' }),
  account: msg({ id: 'order:steps.account', message: 'Account' }),
  summary: msg({ id: 'order:steps.summary', message: 'Summary' }),
};
