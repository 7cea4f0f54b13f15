import type { QueryClient } from '@tanstack/react-query';
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
import type { ApiClient } from '#src/api/client';
import { ApiError, type Problem } from '#src/api/errors';
import type { Queries } from '#src/api/queries';
import { isAllowedFrameUrl, type RuntimeConfig } from '#src/config/runtime-config';

type OrderDataForPayment = components['schemas']['OrderDataForPayment'];
type PaymentUpsertRequest = components['schemas']['PaymentUpsertRequest'];

export interface PaymentEnvironment {
  api: ApiClient;
  queries: Queries;
  queryClient: QueryClient;
  config: RuntimeConfig;
  /** The portal's own origin (`"self"` of the allow-list). */
  portalOrigin: string;
  /** The product name as shown to the customer (the payload's productText), in the current language. */
  productText: (productId: string) => string;
}

function rejectUnlessOk<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw new ApiError(result.response.status, typeof result.error === 'object' && result.error !== null ? (result.error as Problem) : undefined);
}

/**
 * The payment machine with the app's actors: reads through React Query (cached, the 503 retry
 * rule), writes through the typed client. A failure rejects with an ApiError, whose status the
 * machine reads (500 is the shop error, 404 "not found").
 */
export function providePaymentMachine(env: PaymentEnvironment) {
  /** The upsert payload (SPEC.md 3): the order data plus productText and userMail, without orderNumber in an edit. */
  const payloadOf = ({ order, userMail, orderNumber }: SavePaymentInput): PaymentUpsertRequest => {
    const { orderNumber: _ownNumber, ...data } = order as unknown as OrderDataForPayment;
    return { ...data, productText: env.productText(data.productId), userMail, ...(orderNumber !== undefined ? { orderNumber } : {}) };
  };

  /** The route knows the order number; the order id comes from the query, else from the order list. */
  const orderIdOf = async (reference: OrderReference): Promise<string> => {
    if (reference.orderId) return reference.orderId;
    const list = await env.queryClient.fetchQuery(env.queries.queryOptions('get', '/api/v2/order/orders'));
    const match = list.find((order) => order.order_number === reference.orderNumber);
    if (!match) throw new ApiError(404, { status: 404, code: 'notFound', title: 'No order has this number' });
    return match.id;
  };

  return paymentMachine.provide({
    actors: {
      loadOrder: fromPromise<PaymentOrder, OrderReference>(async ({ input }) => {
        const id = await orderIdOf(input);
        const order = await env.queryClient.fetchQuery(env.queries.queryOptions('get', '/api/v3/order/orders/{id}', { params: { path: { id } } }));
        if (order.orderNumber !== input.orderNumber) throw new ApiError(404, { status: 404, code: 'notFound', title: 'The order number does not belong to the order' });
        return order;
      }),
      loadUser: fromPromise<{ userMail: string }>(async () => {
        const user = await env.queryClient.fetchQuery(env.queries.queryOptions('get', '/api/v2/auth/connect/user-info'));
        return { userMail: user.email };
      }),
      savePayment: fromPromise<{ redirectUrl: string }, SavePaymentInput>(async ({ input }) => {
        const result = await env.api.POST('/api/v2/payment/paymentprovider/user-payment-instruments', { body: payloadOf(input) });
        return { redirectUrl: rejectUnlessOk(result).redirectUrl };
      }),
      confirmPayment: fromPromise<SavedInstrument, ConfirmPaymentInput>(async ({ input }) => {
        const result = await env.api.POST('/api/v2/payment/paymentprovider/user-payment-instruments/success', {
          body: { ...payloadOf(input), ...input.result },
        });
        const instrument = rejectUnlessOk(result);
        // Orders, tickets, the instrument and the payments changed: read them again.
        void env.queryClient.invalidateQueries();
        return instrument;
      }),
    },
    guards: {
      isAllowedFrameUrl: (_, params) => isAllowedFrameUrl(params.url, env.config.paymentFrameOrigins, env.portalOrigin),
    },
  });
}
