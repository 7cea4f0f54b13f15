import { fromPromise } from 'xstate';

import {
  type ConfirmPaymentInput,
  type OrderReference,
  paymentMachine,
  type PaymentOrder,
  type SavedInstrument,
  type SavePaymentInput,
} from '#machines/payment/payment.machine';
import type { components } from '#openapi/schema.gen';
import { userInfoQuery } from '#src/api/queries/account';
import { orderQuery, ordersQuery } from '#src/api/queries/orders';
import { dataOf, localFailure } from '#src/api/failure';
import { isAllowedFrameUrl } from '#src/config/runtime-config';
import type { FlowServices } from '#src/flows/use-flow';
import type { Locale } from '#src/i18n/locales';

type PaymentUpsertRequest = components['schemas']['PaymentUpsertRequest'];

/** What the payment needs besides the flow services. */
export interface PaymentExtra {
  /** The portal's own origin (`"self"` of the allow-list). */
  portalOrigin: string;
  /** The product name as shown to the customer (the payload's productText), in the current language. */
  productText: (productId: string) => string;
  /** The language the portal shows now: the provider's page opens in it (decision 19). */
  locale: () => Locale;
}

/**
 * The payment machine with the app's actors and actions: reads through React Query (cached, the
 * 503 retry rule), writes through the typed client. A failure rejects with an ApiFailure
 * (src/api/failure.ts), which the machine's guards read (500 is the shop error, 404 "not found",
 * 503 goes to /maintenance through the client). `showFailurePage` replaces the payment page in the
 * history, so the browser's back button does not start the failed payment again.
 */
export function providePayment({ api, queries, queryClient, config, navigate }: FlowServices, extra: PaymentExtra) {
  /**
   * The upsert payload (SPEC.md 3): the order data plus productText and userMail, without orderNumber
   * in an edit. The machine keeps of the order only what it reads (id and number); the whole order
   * is the one `loadOrder` read, still in the cache.
   */
  const payloadOf = async ({ order, userMail, orderNumber }: SavePaymentInput): Promise<PaymentUpsertRequest> => {
    const { orderNumber: _ownNumber, ...data } = await queryClient.ensureQueryData(orderQuery(queries, order.orderId));
    return { ...data, productText: extra.productText(data.productId), userMail, ...(orderNumber !== undefined ? { orderNumber } : {}) };
  };

  /** The route knows the order number; the order id comes from the query, else from the order list. */
  const orderIdOf = async (reference: OrderReference): Promise<string> => {
    if (reference.orderId) return reference.orderId;
    const list = await queryClient.fetchQuery(ordersQuery(queries));
    const match = list.find((order) => order.order_number === reference.orderNumber);
    if (!match) throw localFailure(404, 'notFound', 'No order has this number');
    return match.id;
  };

  return paymentMachine.provide({
    actors: {
      loadOrder: fromPromise<PaymentOrder, OrderReference>(async ({ input }) => {
        const id = await orderIdOf(input);
        const order = await queryClient.fetchQuery(orderQuery(queries, id));
        if (order.orderNumber !== input.orderNumber) throw localFailure(404, 'notFound', 'The order number does not belong to the order');
        return order;
      }),
      loadUser: fromPromise<{ userMail: string }>(async () => {
        const user = await queryClient.fetchQuery(userInfoQuery(queries));
        return { userMail: user.email };
      }),
      savePayment: fromPromise<{ redirectUrl: string }, SavePaymentInput>(async ({ input }) => {
        const result = await api.POST('/api/v2/payment/paymentprovider/user-payment-instruments', {
          body: { ...(await payloadOf(input)), locale: extra.locale() },
        });
        return { redirectUrl: dataOf(result).redirectUrl };
      }),
      confirmPayment: fromPromise<SavedInstrument, ConfirmPaymentInput>(async ({ input }) => {
        const result = await api.POST('/api/v2/payment/paymentprovider/user-payment-instruments/success', {
          body: { ...(await payloadOf(input)), ...input.result },
        });
        const instrument = dataOf(result);
        // Orders, tickets, the instrument and the payments changed: read them again.
        void queryClient.invalidateQueries();
        return instrument;
      }),
    },
    actions: {
      showFailurePage: (_, { orderNumber, hasShopError }) =>
        void navigate({ to: '/app/payment/failure', search: { ...(orderNumber ? { orderNumber } : {}), hasShopError }, replace: true }),
    },
    guards: {
      isAllowedFrameUrl: (_, params) => isAllowedFrameUrl(params.url, config.paymentFrameOrigins, extra.portalOrigin),
    },
  });
}
