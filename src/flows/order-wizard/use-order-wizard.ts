import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';

import { currentStep, selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
import type { OrderWizardEvent, OrderWizardInput, StepId } from '#machines/order-wizard/order-wizard.types';
import { toIsoDate } from '#src/domain/personal-fields';
import { useFlow, useFlowServices } from '#src/flows/use-flow';
import { afterNextPaint } from '#src/ui/after-next-paint';
import { provideOrderWizard } from './order-wizard.actors';
import { type StepsSeen, urlStepAction } from './url-step';
import { clearDraft, clearStepEntries, loadDraft, loadStepEntries, saveDraft, saveStepEntries, type StepEntries } from './wizard-draft';

export interface OrderWizardOptions {
  /** The visitor variant: the account step registers before the order. */
  registration: boolean;
  /** The route's path: the URL the wizard's steps are put into. */
  path: '/order' | '/app/order';
  /** The step in the URL (`?step=`): the browser's back and forward change it. */
  urlStep: StepId | undefined;
  /**
   * The affiliate of the address the wizard opened at (`?affiliate=`, SPEC.md 7.5): a new wizard
   * takes it into its input, a restored draft in place of its own (the machine sends it with
   * register and the order; the draft keeps it through a reload and the sign-in detour, when the
   * URL no longer has it).
   */
  affiliate?: string | undefined;
  /** The draft's store; sessionStorage in the app. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

const newKey = () => crypto.randomUUID();

/** No draft: the build's prerender of the first step (src/start-up/prerender.tsx) has no tab. */
const noStorage: NonNullable<OrderWizardOptions['storage']> = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

/**
 * The order wizard (SPEC.md 4.1) as React uses it: the machine with the app's actors
 * (`provideOrderWizard`), its view, and `send`. Besides that it only binds the machine to what
 * lives outside it, and decides nothing:
 *
 * - the draft (docs/architecture.md#data-and-state): restored once per mount, saved on every change, dropped before the
 *   wizard leaves after the order (`clearDraft` of the actors' extra);
 * - the entries of the step on screen (decision 18): `saveEntries` keeps what the step's form holds
 *   on every change; after a reload `entriesOf(step)` gives them back as the form's values, until
 *   the wizard shows another step, which drops them (a submitted step's values are the machine's);
 * - `wizard.restored` after mounting and when the session changes: whether a session exists, and
 *   the customer's day (the machine has no clock);
 * - the URL: when the browser's back or forward put another step into it, the machine is asked
 *   (`history.popped`, sent only when `can` says the machine takes it); otherwise the URL follows
 *   the machine's step, with a history entry per step.
 */
export function useOrderWizard({
  registration,
  path,
  urlStep,
  affiliate,
  storage = typeof window === 'undefined' ? noStorage : window.sessionStorage,
}: OrderWizardOptions) {
  const { config, session, navigate } = useFlowServices();
  const product = config.product.name;
  // Once per mount: the draft to continue, and a new wizard's input (fresh idempotency keys, today).
  const [restored] = useState(() => loadDraft(storage, product, affiliate));
  // What was typed on the step on screen before the reload (a draft that failed to load took them along).
  const [restoredEntries, setRestoredEntries] = useState(() => loadStepEntries(storage, product));
  const [input] = useState<OrderWizardInput>(() => ({
    product,
    registration,
    idempotencyKeys: { register: newKey(), submit: newKey() },
    today: toIsoDate(new Date()),
    ...(affiliate ? { affiliate } : {}),
  }));
  const flow = useFlow((services) => provideOrderWizard(services, { clearDraft: () => clearDraft(storage) }), {
    input,
    snapshot: restored,
    select: selectOrderWizardView,
  });
  const { actor, send, view } = flow;

  // The draft follows every change (the final snapshot is not saved: the actions dropped the draft).
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'active') saveDraft(storage, snapshot);
    });
    return () => subscription.unsubscribe();
  }, [actor, storage]);

  // A restored wizard learns whether a session exists now (a sign-in detour, a reload) and the day.
  const signedIn = useSelector(session, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('refreshing'));
  useEffect(() => {
    send({ type: 'wizard.restored', signedIn, today: toIsoDate(new Date()) });
  }, [send, signedIn]);

  const step = view.step;

  // The step's entries belong to the step on screen: another step drops them, in the storage and
  // as the restored form values (then a step shown again starts from the machine's values).
  const entriesStep = useRef(restoredEntries?.step);
  if (restoredEntries && step !== undefined && step !== restoredEntries.step) setRestoredEntries(undefined);
  useEffect(() => {
    if (step === undefined || entriesStep.current === undefined || entriesStep.current === step) return;
    entriesStep.current = undefined;
    clearStepEntries(storage);
  }, [step, storage]);
  const entriesOf = (target: StepId): StepEntries | undefined => (restoredEntries?.step === target ? restoredEntries.values : undefined);
  /** A step's form changed: kept while that step is on screen. */
  const saveEntries = useCallback(
    (target: StepId, values: Readonly<Record<string, unknown>>) => {
      if (currentStep(actor.getSnapshot()) !== target) return;
      entriesStep.current = target;
      saveStepEntries(storage, product, target, values);
    },
    [actor, storage, product],
  );

  // The URL and the machine's step: what each was when last seen tells which of them moved
  // (./url-step.ts); `asked` is the step of the wizard's own navigation, until the URL shows it.
  const seen = useRef<StepsSeen | undefined>(undefined);
  const asked = useRef<StepId | undefined>(undefined);
  useEffect(() => {
    if (step === undefined) return;
    const now = { url: urlStep, step };
    const action = urlStepAction(seen.current, now, asked.current);
    seen.current = now;
    if (urlStep === asked.current) asked.current = undefined;
    if (action.type === 'none') return;
    if (action.type === 'browserMoved') {
      const popped: OrderWizardEvent = { type: 'history.popped', step: action.step };
      if (actor.getSnapshot().can(popped)) {
        send(popped);
        return;
      }
    }
    // The machine moved: a new history entry. Otherwise (the first step shown, or a browser step the
    // machine refused) the URL is put back to the machine's step in place. After the new step has
    // painted (issue 14): the router's work for the new URL is nothing the customer waits for. Not
    // later, when the page is idle: a Back pressed before the new entry is there would leave the
    // wizard (a CI run's back-button test did).
    const replace = action.type === 'browserMoved' || action.replace;
    return afterNextPaint(() => {
      asked.current = step;
      void navigate({ to: path, search: { step }, replace });
    });
  }, [actor, send, navigate, path, step, urlStep]);

  /** The start-month dialog's answer; false when the machine no longer asks (e.g. the dialog closes after a confirmation). */
  const answerStartMonth = (answer: 'confirm' | 'reject'): boolean => {
    const event: OrderWizardEvent = { type: answer === 'confirm' ? 'startMonth.confirm' : 'startMonth.reject' };
    if (!actor.getSnapshot().can(event)) return false;
    send(event);
    return true;
  };

  /** "Already a customer? Sign in": the draft continues at /app/order after the sign-in. */
  const signInInstead = () => session.send({ type: 'session.signIn', returnTo: `/app/order?step=${urlStep ?? 'summary'}` });

  return { ...flow, answerStartMonth, signInInstead, entriesOf, saveEntries };
}
