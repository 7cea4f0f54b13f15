import { fromPromise, waitFor } from 'xstate';

import { orderWizardMachine } from '#machines/order-wizard/order-wizard.machine';
import type {
  AutoSignInInput,
  FetchQuoteInput,
  Quote,
  RegisterInput,
  RegisterOutput,
  SubmitOrderInput,
  SubmitOrderOutput,
} from '#machines/order-wizard/order-wizard.types';
import { dataOf, localFailure } from '#src/api/failure';
import { startDatesQuery } from '#src/api/queries/order-form';
import { quoteQuery } from '#src/api/queries/quote';
import type { FlowServices } from '#src/flows/use-flow';

const formEncode = (body: Record<string, string | boolean>) => new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)])).toString();

/** What the wizard needs besides the flow services. */
export interface OrderWizardExtra {
  /** Drops the draft (sessionStorage): called before the wizard leaves for the payment or the confirmation. */
  clearDraft: () => void;
}

/**
 * The order wizard's machine with the app's actors and actions (docs/architecture.md#layers-and-the-import-direction: flows provide the
 * machine's actors). Reads go through React Query (the step's price shows from the same cache),
 * writes through the typed client; register and submit carry the machine's Idempotency-Key, which
 * a retry or a restored snapshot reuses (SPEC.md 4.1: register once, submit once). A failed call
 * rejects with an ApiFailure (src/api/failure.ts), which the machine's guards read. The auto
 * sign-in goes through the session machine, so the portal has one session. The pages after the
 * order replace the wizard in the history: back from the payment does not show the sent wizard.
 */
export function provideOrderWizard({ api, queries, queryClient, config, session, navigate }: FlowServices, extra: OrderWizardExtra) {
  return orderWizardMachine.provide({
    actors: {
      fetchQuote: fromPromise<Quote, FetchQuoteInput>(async ({ input }) => {
        let startDate = input.startDate;
        if (startDate === undefined) {
          const { start_dates: offered } = await queryClient.fetchQuery(startDatesQuery(queries, input.product));
          startDate = offered[0];
          if (startDate === undefined) throw localFailure(404, 'startDatesNotFound', 'No start date is offered');
        }
        return queryClient.fetchQuery(quoteQuery(queries, input.companyId, startDate));
      }),
      register: fromPromise<RegisterOutput, RegisterInput>(async ({ input }) => {
        const result = await api.POST('/api/v2/auth/register', {
          params: { header: { 'Idempotency-Key': input.idempotencyKey }, query: input.affiliate ? { affiliate: input.affiliate } : {} },
          body: {
            username: input.account.mailAddress,
            password: input.account.password,
            client_id: config.oauth.clientId,
            grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in',
            has_agreed_to_privacy_policy: true,
            has_agreed_to_newsletter: input.account.isMarketingInformationAccepted,
            company_id: input.companyId,
          },
          bodySerializer: formEncode,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        });
        const registered = dataOf(result);
        return { userId: registered.user_id, autoSignInCode: registered.auto_sign_in_code };
      }),
      autoSignIn: fromPromise<unknown, AutoSignInInput>(async ({ input }) => {
        session.send({ type: 'session.autoSignIn', code: input.code });
        const outcome = await waitFor(session, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('failed'));
        if (outcome.matches('failed')) throw localFailure(401, 'autoSignInFailed', 'The auto sign-in failed');
        return undefined;
      }),
      submitOrder: fromPromise<SubmitOrderOutput, SubmitOrderInput>(async ({ input }) => {
        const result = await api.POST('/api/v3/order/orders/submit', {
          params: { header: { 'Idempotency-Key': input.idempotencyKey } },
          body: input.payload,
        });
        return { orderNumber: dataOf(result).order_number };
      }),
    },
    actions: {
      showPaymentPage: (_, { orderNumber }) => {
        extra.clearDraft();
        void navigate({ to: '/app/payment/$orderNumber', params: { orderNumber }, replace: true });
      },
      showConfirmationPage: (_, { orderNumber }) => {
        extra.clearDraft();
        void navigate({ to: '/app/order/confirmation', search: { orderNumber }, replace: true });
      },
    },
  });
}
