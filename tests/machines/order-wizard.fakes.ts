import { createActor, fromPromise, waitFor } from 'xstate';

import { orderWizardMachine } from '#machines/order-wizard/order-wizard.machine';
import type { PersistedOrderWizard } from '#machines/order-wizard/order-wizard.persistence';
import type {
  AutoSignInInput,
  CompanyValues,
  FetchQuoteInput,
  OrderWizardInput,
  Quote,
  RegisterInput,
  RegisterOutput,
  StartAndTravelerValues,
  SubmitOrderInput,
  SubmitOrderOutput,
} from '#machines/order-wizard/order-wizard.types';
import type { ProductName } from '#src/domain/product';
import { autoSignInCode, companyOf, companyQuote, next, standard, startValues } from './order-wizard.model';

/**
 * The order wizard run as the app runs it, with fake actors that record their calls (the
 * behaviour tests: order-wizard.steps/submit/persistence.test.ts). Each fake answers as the
 * sandbox would unless a test gives its own.
 */

export interface Fakes {
  fetchQuote?: (input: FetchQuoteInput) => Promise<Quote>;
  register?: (input: RegisterInput) => Promise<RegisterOutput>;
  autoSignIn?: (input: AutoSignInInput) => Promise<unknown>;
  submitOrder?: (input: SubmitOrderInput) => Promise<SubmitOrderOutput>;
}

/** The quote the sandbox gives: DEU4900's, or the company's for the first offered month or the chosen one. */
export async function sandboxQuote(input: FetchQuoteInput): Promise<Quote> {
  if (input.companyId === 'DEU4900') return { ...standard, quoteId: `DEU4900@${input.startDate ?? 'first'}` };
  const quote = companyQuote[input.companyId];
  if (!quote) throw { status: 404, code: 'companyIdNotFound' };
  return { ...quote, quoteId: `${input.companyId}@${input.startDate ?? 'first'}` };
}

export function wizard(input: OrderWizardInput, fakes: Fakes = {}, snapshot?: PersistedOrderWizard) {
  const calls = {
    fetchQuote: [] as FetchQuoteInput[],
    register: [] as RegisterInput[],
    autoSignIn: [] as string[],
    submitOrder: [] as SubmitOrderInput[],
    paymentPage: [] as string[],
    confirmationPage: [] as string[],
  };
  const machine = orderWizardMachine.provide({
    actors: {
      fetchQuote: fromPromise<Quote, FetchQuoteInput>(async ({ input: quoteInput }) => {
        calls.fetchQuote.push(quoteInput);
        return (fakes.fetchQuote ?? sandboxQuote)(quoteInput);
      }),
      register: fromPromise<RegisterOutput, RegisterInput>(async ({ input: registerInput }) => {
        calls.register.push(registerInput);
        return (fakes.register ?? (async () => ({ userId: 'user-1', autoSignInCode })))(registerInput);
      }),
      autoSignIn: fromPromise<unknown, AutoSignInInput>(async ({ input: signInInput }) => {
        calls.autoSignIn.push(signInInput.code);
        return (fakes.autoSignIn ?? (async () => ({ expiresAt: 2_000_000_000 })))(signInInput);
      }),
      submitOrder: fromPromise<SubmitOrderOutput, SubmitOrderInput>(async ({ input: submitInput }) => {
        calls.submitOrder.push(submitInput);
        return (fakes.submitOrder ?? (async () => ({ orderNumber: 'O-2026-1' })))(submitInput);
      }),
    },
    actions: {
      showPaymentPage: (_, params) => void calls.paymentPage.push(params.orderNumber),
      showConfirmationPage: (_, params) => void calls.confirmationPage.push(params.orderNumber),
    },
  });
  const actor = createActor(machine, { input, ...(snapshot ? { snapshot } : {}) }).start();
  return { actor, calls };
}

export type WizardActor = ReturnType<typeof wizard>['actor'];

/** Sends a step's Next and waits until the machine has left the step (its quote came, or the dialog asks). */
export async function nextStep(actor: WizardActor, event: ReturnType<typeof next.company>): Promise<void> {
  actor.send(event);
  await waitFor(actor, (snapshot) => !snapshot.matches('quotingCompany') && !snapshot.matches('quotingStart'));
}

/** Fills every step of the wizard up to the summary. */
export async function fillSteps(
  actor: WizardActor,
  product: ProductName,
  registration: boolean,
  { company = companyOf[product][0], start = startValues(true) }: { company?: CompanyValues | undefined; start?: StartAndTravelerValues } = {},
): Promise<void> {
  if (company) await nextStep(actor, next.company(company));
  await nextStep(actor, next.startAndTraveler(start));
  actor.send(next.billing);
  if (registration) actor.send(next.account);
  expect(actor.getSnapshot().value).toBe('summary');
}

/** Waits until the wizard shows a step again or has ordered. */
export const settled = (actor: WizardActor) =>
  waitFor(actor, (snapshot) => snapshot.matches('summary') || snapshot.matches('account') || snapshot.status === 'done');

/** Rejects like the app's actor: `{ status }` for HTTP answers, then succeeds. */
export function failingWith(...statuses: number[]) {
  let call = 0;
  return async (): Promise<SubmitOrderOutput> => {
    const status = statuses[call++];
    if (status === undefined) return { orderNumber: 'O-2026-1' };
    throw { status };
  };
}
