import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { memo, type ReactNode, startTransition, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import type {
  AccountValues,
  BillingValues,
  CompanyValues,
  FormStepId,
  OrderWizardEvent,
  StartAndTravelerValues,
  StepId,
  SummaryValues,
} from '#machines/order-wizard/order-wizard.types';
import { useFlowServices } from '#src/flows/use-flow';
import { Alert } from '#src/ui/alert';
import { LoadingStatus } from '#src/ui/loading-status';
import { afterNextPaint } from '#src/ui/after-next-paint';
import { useDelayedFlag } from '#src/ui/use-delayed-flag';
import { useStepFocus } from '#src/ui/use-step-focus';
import { isStepScreenLoaded, loadStepScreen, stepScreens } from './step-screens';
import { WizardServicesProvider } from './steps/wizard-services';
import { type OrderWizardOptions, useOrderWizard } from './use-order-wizard';
import * as styles from './order-wizard-page.css';

export type OrderWizardPageProps = OrderWizardOptions;

/**
 * The step screens, memoized: a screen renders again only when its own props change (its handlers
 * below are stable), not when the page does (the URL following the step, a quote arriving).
 */
const CompanyStep = memo(stepScreens.company);
const StartTravelerStep = memo(stepScreens.startAndTraveler);
const BillingStep = memo(stepScreens.billing);
const AccountStep = memo(stepScreens.account);
const SummaryStep = memo(stepScreens.summary);

/**
 * A step's screen; while `frozen` it keeps what it rendered (a screen a step change left, dropped
 * after the paint: the step that was on screen would render again with the values it has just
 * given the machine, which would only delay the new step).
 */
const Screen = memo(
  function Screen({ children }: { children: ReactNode; frozen: boolean }) {
    return children;
  },
  (_, next) => next.frozen,
);

/** How long a quote may take before Next shows that it loads. */
const quoteLoadingDelayMs = 150;

/**
 * The order wizard (SPEC.md 2.3, 4.1): one machine for all products and both entries. This page
 * renders the machine's view (useOrderWizard) and sends the steps' events, and their entries to
 * the draft; what comes next, the quotes, the start-month dialog, the browser's back and forward
 * and the page after the order are the machine's.
 *
 * Each step's screen is a chunk of its own (./step-screens.ts): the step on screen renders in a
 * Suspense boundary, and the steps one press away are preloaded, so Next and Back show the step at once.
 *
 * The next and the previous step are also prepared (issue 14): once their chunk is there and the
 * customer has begun with the page (a press, a key, an entry: not while it loads), each is rendered
 * in a transition (it yields to the customer's typing) and kept in the page, hidden with
 * `visibility: hidden` (`styles.prepared`: out of the accessibility tree and the tab order, no
 * height), so the browser has its styles and layout ready. Next or Back then only unhides it:
 * no fields are built, no effects run and no layout is made at the press. A prepared step is what
 * a step shown at that moment would be: it is made again whenever what its form starts from
 * changes (`preparedKey`: the machine's values of the step, the restored entries), and a step that
 * leaves the screen is dropped once the page is idle after the new step has painted (shown again,
 * it starts from the machine's values, as before), as is a prepared step no longer next to the
 * one on screen. The step on screen keeps its form while shown.
 */
export function OrderWizardPage(props: OrderWizardPageProps) {
  const { t, i18n } = useLingui();
  const { api, queries, config } = useFlowServices();
  const product = config.product;
  const { view, send, answerStartMonth, signInInstead, entriesOf, saveEntries } = useOrderWizard(props);
  const begun = useCustomerBegun();
  // Next loads while a quote is fetched, once that takes longer than a moment: a quote from the
  // cache shows the next step without rendering the step it leaves as loading first. A Next during
  // the wait is refused by the machine (no `step.next` while quoting).
  const quoting = useDelayedFlag(view.isQuoting, quoteLoadingDelayMs);

  // The steps one press away load while the customer fills in this one; once loaded, the next and
  // the previous one are prepared (a render of the page reads `isStepScreenLoaded`).
  const around = stepsAround(view.steps, view.step, view.editableSteps).join(' ');
  const [, setLoads] = useState(0);
  // They are asked for once the step on screen has painted: a Next waits for none of it. Not when
  // the page is idle, later: a step whose code failed to come (offline meanwhile) reloads the page
  // when it is shown (`step-screens.ts`), so the request goes out as early as it can.
  useEffect(() => {
    if (!around) return;
    let current = true;
    const cancel = afterNextPaint(() => {
      for (const step of around.split(' ') as StepId[]) {
        if (isStepScreenLoaded(step)) continue;
        void loadStepScreen(step).then(() => {
          // Preparing it is a transition: rendering a step's fields yields to the customer's typing.
          if (current && isStepScreenLoaded(step)) startTransition(() => setLoads((count) => count + 1));
        });
      }
    });
    return () => {
      current = false;
      cancel();
    };
  }, [around]);

  // Stable handlers, so a prepared step is not rendered again when it is shown; they call what the
  // wizard hook gives now.
  const latest = useRef({ send, answerStartMonth, signInInstead, saveEntries });
  useLayoutEffect(() => {
    latest.current = { send, answerStartMonth, signInInstead, saveEntries };
  });
  const [handlers] = useState(() => stepHandlers(latest));

  const student = view.data.company?.student;
  const prefill = useMemo(() => (student ? { firstName: student.firstName, lastName: student.lastName } : undefined), [student]);

  // What each step's form starts from; a prepared step is made again when it changes.
  const seeds: Record<StepId, unknown> = {
    company: [view.data.company, entriesOf('company')],
    startAndTraveler: [view.data.startAndTraveler, entriesOf('startAndTraveler'), view.offersBookingForOthers],
    billing: [view.data.billing, entriesOf('billing'), prefill, view.billingNamesReadOnly],
    account: [view.data.account, entriesOf('account'), view.error === 'mailAddressAlreadyExists'],
    summary: [view.data.summary, entriesOf('summary')],
  };
  const preparedKey = (step: StepId, shown: Readonly<Partial<Record<StepId, number>>>) => `${step}.${shown[step] ?? 0}.${hashOf(JSON.stringify(seeds[step]))}`;
  // The prepared steps: once the customer has begun, not while the page loads, where rendering
  // them was most of /order's main-thread blocking (issue 14).
  const preparedFor = (step: StepId | undefined) => (begun ? stepsNextTo(view.steps, step).filter(isStepScreenLoaded) : []);
  // The step on screen keeps the key it had when it was shown. A step change keeps the screens it
  // leaves as they were (the step that was on screen hidden, a prepared step no longer next to the
  // new one): removing them is nothing the customer waits for. Once the page is idle after the new
  // step has painted they are dropped, and the step that was on screen counts a showing more, so
  // a prepared one is made afresh.
  const [screen, setScreen] = useState<ScreenKeys>(() => ({ step: view.step, key: view.step ? preparedKey(view.step, {}) : '', shown: {}, kept: [] }));
  if (screen.step !== view.step) {
    // Screens still kept from a change before (a second change within a frame) are dropped now.
    const shown = countShowing(screen.shown, screen.kept.find((one) => one.wasOnScreen)?.step);
    const stillPrepared = preparedFor(view.step);
    const kept: KeptScreen[] = [
      ...(screen.step ? [{ step: screen.step, key: screen.key, wasOnScreen: true }] : []),
      ...preparedFor(screen.step)
        .filter((step) => step !== view.step && !stillPrepared.includes(step))
        .map((step) => ({ step, key: preparedKey(step, screen.shown), wasOnScreen: false })),
    ];
    setScreen({ step: view.step, key: view.step ? preparedKey(view.step, shown) : '', shown, kept });
  }
  const kept = screen.kept;
  useEffect(() => {
    if (kept.length === 0) return;
    const dropKept = (current: ScreenKeys): ScreenKeys =>
      current.kept === kept ? { ...current, shown: countShowing(current.shown, kept.find((one) => one.wasOnScreen)?.step), kept: [] } : current;
    return afterNextPaint(() => startTransition(() => setScreen(dropKept)), 'idle');
  }, [kept]);

  if (view.result) return null;

  // Back where the step has one: on screen as the machine says (not while the order is sent), and
  // on a prepared step after the first (so showing it changes none of its props).
  const backOf = (step: StepId) => ((step === view.step ? view.canGoBack : view.steps.indexOf(step) > 0) ? handlers.back : undefined);
  const stepTitle = view.step ? i18n._(stepTitleMessages[view.step]) : '';
  const { stepNumber, stepCount } = view;
  const quoteFailed = view.error === 'quoteFailed';

  // What every step's screen takes alike.
  const shared = <Step extends StepId>(step: Step) => ({
    entries: entriesOf(step),
    onEntriesChange: handlers[step].onEntriesChange,
    product,
    onBack: backOf(step),
  });
  const stepScreen = (step: StepId) => {
    switch (step) {
      case 'company':
        return (
          <CompanyStep
            {...shared('company')}
            defaultValues={view.data.company}
            onSubmit={handlers.company.onSubmit}
            isBusy={view.step === 'company' && quoting}
            quoteFailed={view.step === 'company' && quoteFailed}
          />
        );
      case 'startAndTraveler':
        return (
          <StartTravelerStep
            {...shared('startAndTraveler')}
            defaultValues={view.data.startAndTraveler}
            onSubmit={handlers.startAndTraveler.onSubmit}
            isBusy={view.step === 'startAndTraveler' && quoting}
            quoteFailed={view.step === 'startAndTraveler' && quoteFailed}
            quoteCompanyId={view.quoteCompanyId}
            offersBookingForOthers={view.offersBookingForOthers}
            startMonthWarning={view.startMonthWarning}
            onStartDateChosen={handlers.startDateChosen}
            onStartMonthAnswer={handlers.startMonthAnswer}
          />
        );
      case 'billing':
        return (
          <BillingStep
            {...shared('billing')}
            defaultValues={view.data.billing}
            prefill={prefill}
            namesReadOnly={view.billingNamesReadOnly}
            onSubmit={handlers.billing.onSubmit}
          />
        );
      case 'account':
        return (
          <AccountStep
            {...shared('account')}
            defaultValues={view.data.account}
            onSubmit={handlers.account.onSubmit}
            onSignInInstead={handlers.signInInstead}
            serverError={view.error === 'mailAddressAlreadyExists' ? 'mailAddressAlreadyExists' : undefined}
          />
        );
      case 'summary':
        return (
          <SummaryStep
            {...shared('summary')}
            summary={view.summary}
            editableSteps={view.editableSteps}
            onEdit={handlers.edit}
            onSubmit={handlers.submitOrder}
            isSubmitting={view.isSubmitting}
            error={view.error}
            defaultValues={view.data.summary}
          />
        );
    }
  };

  // In the wizard's order, so no screen moves in the page.
  const keptOf = (step: StepId) => kept.find((one) => one.step === step);
  const nextTo = preparedFor(view.step);
  const rendered = view.steps.filter((step) => step === view.step || keptOf(step) !== undefined || nextTo.includes(step));
  const keyOf = (step: StepId) => (step === view.step ? screen.key : (keptOf(step)?.key ?? preparedKey(step, screen.shown)));

  return (
    <WizardServicesProvider api={api} queries={queries}>
      <ol className={styles.progress} aria-label={t({ id: 'order:progress.label', message: 'Steps of your order' })}>
        {view.steps.map((step, index) => (
          <li
            key={step}
            className={styles.progressItem}
            aria-current={step === view.step ? 'step' : undefined}
            data-done={index < view.stepNumber - 1 || undefined}
          >
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
          {view.step === 'account' && view.error === 'passwordNeededAgain' ? (
            <Alert variant="info" title={t({ id: 'registration:passwordNeededAgain.title', message: 'Please enter your password again' })} announce>
              {t({
                id: 'registration:passwordNeededAgain.description',
                message: 'For your safety, a password is never kept when the page reloads. Everything else you entered is still here.',
              })}
            </Alert>
          ) : null}
          {/* One list, so a prepared step keeps its place (its key) when it is shown. */}
          {rendered.map((step) => (
            <div key={keyOf(step)} hidden={step !== view.step} className={step === view.step || keptOf(step)?.wasOnScreen ? undefined : styles.prepared}>
              <Screen frozen={keptOf(step) !== undefined}>{stepScreen(step)}</Screen>
            </div>
          ))}
        </Suspense>
      </div>
    </WizardServicesProvider>
  );
}

/** What tells that the customer has begun: a press, a key, a click (an assistive technology's), an entry. */
const beginEvents = ['pointerdown', 'keydown', 'click', 'input'] as const;

/**
 * Whether the customer has done anything on the page since it mounted: a step shows without it,
 * the ones next to it are prepared after it.
 */
function useCustomerBegun(): boolean {
  const [begun, setBegun] = useState(false);
  useEffect(() => {
    if (begun) return;
    // A transition: the steps it prepares render without holding back the press or key.
    const begin = () => startTransition(() => setBegun(true));
    const options = { capture: true, passive: true } as const;
    for (const type of beginEvents) window.addEventListener(type, begin, options);
    return () => {
      for (const type of beginEvents) window.removeEventListener(type, begin, options);
    };
  }, [begun]);
  return begun;
}

/** The keys of the steps' screens: the one on screen, how often each was shown, the ones a change left. */
interface ScreenKeys {
  step: StepId | undefined;
  key: string;
  shown: Readonly<Partial<Record<StepId, number>>>;
  kept: readonly KeptScreen[];
}

/** A screen a step change left, kept as it was until the page is idle after the new step's paint. */
interface KeptScreen {
  step: StepId;
  key: string;
  /** The step that was on screen: hidden now (`display: none`); else a prepared one, hidden as before. */
  wasOnScreen: boolean;
}

/** `shown` with one showing more of `step` (none without a step). */
function countShowing(shown: ScreenKeys['shown'], step: StepId | undefined): ScreenKeys['shown'] {
  return step ? { ...shown, [step]: (shown[step] ?? 0) + 1 } : shown;
}

type Latest = {
  current: {
    send: (event: OrderWizardEvent) => void;
    answerStartMonth: (answer: 'confirm' | 'reject') => boolean;
    signInInstead: () => void;
    saveEntries: (step: StepId, values: Readonly<Record<string, unknown>>) => void;
  };
};

/** The steps' handlers, made once; each sends through what `latest` holds when it is called. */
function stepHandlers(latest: Latest) {
  const entries = (step: StepId) => (values: Readonly<Record<string, unknown>>) => latest.current.saveEntries(step, values);
  return {
    company: { onEntriesChange: entries('company'), onSubmit: (values: CompanyValues) => latest.current.send({ type: 'step.next', step: 'company', values }) },
    startAndTraveler: {
      onEntriesChange: entries('startAndTraveler'),
      onSubmit: (values: StartAndTravelerValues) => latest.current.send({ type: 'step.next', step: 'startAndTraveler', values }),
    },
    billing: { onEntriesChange: entries('billing'), onSubmit: (values: BillingValues) => latest.current.send({ type: 'step.next', step: 'billing', values }) },
    account: { onEntriesChange: entries('account'), onSubmit: (values: AccountValues) => latest.current.send({ type: 'step.next', step: 'account', values }) },
    summary: { onEntriesChange: entries('summary') },
    back: () => latest.current.send({ type: 'step.back' }),
    startDateChosen: (startDate: string) => latest.current.send({ type: 'startDate.chosen', startDate }),
    startMonthAnswer: (answer: 'confirm' | 'reject') => latest.current.answerStartMonth(answer),
    signInInstead: () => latest.current.signInInstead(),
    edit: (step: FormStepId) => latest.current.send({ type: 'step.goTo', step }),
    submitOrder: (values: SummaryValues) => latest.current.send({ type: 'order.submit', values }),
  };
}

/** A short hash of a prepared step's seed, for its key (the seed may hold a password: not the key itself). */
function hashOf(text: string): string {
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1) hash = (hash * 33) ^ text.charCodeAt(index);
  return (hash >>> 0).toString(36);
}

/** The steps Next and Back show from `step`: the ones prepared. */
export function stepsNextTo(steps: readonly StepId[], step: StepId | undefined): StepId[] {
  if (step === undefined) return [];
  const index = steps.indexOf(step);
  return [steps[index + 1], steps[index - 1]].filter((other): other is StepId => other !== undefined);
}

/**
 * SPEC.md 4.8: a new step scrolls to the top, and its heading takes the focus. Rendered inside the
 * steps' Suspense boundary, next to the step: its effect runs once the new step is on screen, also
 * when the step's chunk had to load first (the fallback has no heading to focus).
 */
function StepFocus({ step }: { step: StepId | undefined }) {
  useStepFocus(step ?? '', { target: '[data-step-heading] > :not([hidden]) h2' });
  return null;
}

/** The steps one press away from `step`: the next (Next), the previous (Back), and the summary's edit targets. */
export function stepsAround(steps: readonly StepId[], step: StepId | undefined, editable: readonly StepId[]): StepId[] {
  if (step === undefined) return [];
  const index = steps.indexOf(step);
  const around = [steps[index + 1], steps[index - 1], ...(step === 'summary' ? editable : [])];
  return [...new Set(around.filter((other): other is StepId => other !== undefined && other !== step))];
}

const stepTitleMessages: Record<StepId, MessageDescriptor> = {
  company: msg({ id: 'order:steps.company', message: 'Company' }),
  startAndTraveler: msg({ id: 'order:steps.startAndTraveler', message: 'Start and traveler' }),
  billing: msg({ id: 'order:steps.billing', message: 'Billing address' }),
  account: msg({ id: 'order:steps.account', message: 'Account' }),
  summary: msg({ id: 'order:steps.summary', message: 'Summary' }),
};
