import { fromPromise } from 'xstate';

import { type EditContactData, editContactMachine, type EditContactValues } from '#machines/edit-contact/edit-contact.machine';
import { dataOf } from '#src/api/failure';
import { paymentInstrumentQuery } from '#src/api/queries/payment';
import { failureOf } from '#src/domain/failure';
import type { Queries } from '#src/api/queries';
import type { BillingAddress } from '#src/domain/address';
import { resolveProduct } from '#src/domain/product';
import type { FlowServices } from '#src/flows/use-flow';
import { anyOrderKey, anyOrderTravelerKey, orderQuery, ordersQuery, orderTravelerQuery } from '#src/api/queries/orders';
import {
  anySubscriptionDetailsKey,
  anySubscriptionKey,
  anySubscriptionTravelerKey,
  anyTicketKey,
  subscriptionDetailsQuery,
  subscriptionTravelerQuery,
  ticketsQuery,
} from '#src/api/queries/subscriptions';

/**
 * The edit-contact machine (machines/edit-contact) provided for its two uses: the traveler
 * (`provideChangeTraveler`) and the billing address (`provideChangeBillingAddress`), each for a
 * subscription or an order. Reads go through React Query (the route's loader has usually filled
 * them), writes through the typed client with `dataOf`, so a failure rejects with an ApiFailure
 * whose status and field errors the machine's guards read. Nothing is retried (SPEC.md 7.3).
 */

/** What the billing address's Cancel needs of the browser's history (the router's, so only the portal's own entries count). */
export interface BackHistory {
  canGoBack: () => boolean;
  back: () => void;
}

/** Whose person is changed: a subscription, or an order that is not a subscription yet. */
export type ContactOwner = 'subscription' | 'order';

const ticketsPage = '/app/dashboard/tickets';

/** What a saved change makes stale, whatever the ids: the person shows in the lists, its order's and subscription's reads and the tickets. */
function invalidateChanged({ queryClient, queries }: FlowServices): void {
  const changed = [
    ordersQuery(queries).queryKey,
    anyOrderKey(),
    anyOrderTravelerKey(),
    anySubscriptionKey(),
    anySubscriptionDetailsKey(),
    anySubscriptionTravelerKey(),
    ticketsQuery(queries).queryKey,
    anyTicketKey(),
  ];
  for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
}

/** The product's rules of a subscription (its details) or an order (its product id). */
async function productOf({ queryClient, queries }: { queryClient: FlowServices['queryClient']; queries: Queries }, owner: ContactOwner, id: string) {
  if (owner === 'subscription') return resolveProduct((await queryClient.fetchQuery(subscriptionDetailsQuery(queries, id))).product);
  return resolveProduct((await queryClient.fetchQuery(orderQuery(queries, id))).productId);
}

/** Whether the order's instrument is a bank account; an order without one (404) has nothing to keep. */
async function paysByDirectDebit({ queryClient, queries }: FlowServices, orderId: string): Promise<boolean> {
  try {
    return (await queryClient.fetchQuery(paymentInstrumentQuery(queries, orderId))).paymentInstrumentType === 'BANKACCOUNT';
  } catch (error) {
    if (failureOf(error).status === 404) return false;
    throw error;
  }
}

async function fetchTraveler({ queryClient, queries }: FlowServices, owner: ContactOwner, id: string) {
  return owner === 'subscription' ? queryClient.fetchQuery(subscriptionTravelerQuery(queries, id)) : queryClient.fetchQuery(orderTravelerQuery(queries, id));
}

/** The traveler edit of a subscription or an order (SPEC.md 2.3, 7.1, 7.3): after saving, the tickets list. */
export function provideChangeTraveler(owner: ContactOwner) {
  return (services: FlowServices) => {
    const { api, navigate } = services;
    return editContactMachine.provide({
      actors: {
        load: fromPromise<EditContactData, { id: string }>(async ({ input }) => {
          const [traveler, product] = await Promise.all([fetchTraveler(services, owner, input.id), productOf(services, owner, input.id)]);
          const number = owner === 'subscription' ? (traveler.subscriptionNumber ?? traveler.orderNumber) : traveler.orderNumber;
          return {
            kind: 'traveler',
            number,
            travelerMustBeSubscriber: product.travelerMustBeSubscriber,
            paysByDirectDebit: !product.travelerMustBeSubscriber && (await paysByDirectDebit(services, traveler.orderId)),
            orderId: traveler.orderId,
            current: {
              isTraveler: traveler.isTraveler,
              firstName: traveler.firstName,
              lastName: traveler.lastName,
              gender: traveler.gender,
              birthdate: traveler.birthdate,
            },
          };
        }),
        save: fromPromise<void, { id: string; values: EditContactValues }>(async ({ input }) => {
          if (input.values.kind !== 'traveler') throw new Error('The traveler flow saves a traveler');
          const body = input.values.traveler;
          const params = { params: { path: { id: input.id } }, body };
          try {
            if (owner === 'subscription') dataOf(await api.PUT('/api/v3/subscription/subscriptions/{id}/traveler', params));
            else dataOf(await api.PUT('/api/v3/order/orders/{id}/traveler', params));
          } finally {
            invalidateChanged(services);
          }
        }),
      },
      actions: {
        showDonePage: () => void navigate({ to: ticketsPage, replace: true }),
        leave: () => void navigate({ to: ticketsPage }),
      },
    });
  };
}

/** The contract's Contact of the form's output (no empty addition). */
function contactBody(contact: BillingAddress) {
  const { addition, ...rest } = contact;
  return { ...rest, ...(addition ? { addition } : {}) };
}

/**
 * The billing address of a subscription (its subscriber, POST change-subscriber, then the
 * confirmation) or of an order not yet started (its orderer, PUT change-orderer, then the tickets
 * list) (SPEC.md 2.3, 7.1, 7.3). Cancel goes back in the history, or to the tickets list without one.
 */
export function provideChangeBillingAddress(owner: ContactOwner, history: BackHistory) {
  return (services: FlowServices) => {
    const { api, queries, queryClient, navigate } = services;
    return editContactMachine.provide({
      actors: {
        load: fromPromise<EditContactData, { id: string }>(async ({ input }) => {
          if (owner === 'subscription') {
            const details = await queryClient.fetchQuery(subscriptionDetailsQuery(queries, input.id));
            const { subscriber } = details;
            return {
              kind: 'billingAddress',
              number: details.subscriptionNumber,
              namesChangeable: resolveProduct(details.product).billingNameChangeable,
              current: { ...subscriber, country: subscriber.country ?? 'DE' },
            };
          }
          const order = await queryClient.fetchQuery(orderQuery(queries, input.id));
          return {
            kind: 'billingAddress',
            number: order.orderNumber,
            namesChangeable: resolveProduct(order.productId).billingNameChangeable,
            current: {
              gender: order.gender,
              firstName: order.firstName,
              lastName: order.lastName,
              birthdate: order.birthdate,
              zipCode: order.zipCode,
              city: order.city,
              street: order.street,
              houseNumber: order.houseNumber,
              addition: order.addition,
              country: order.country,
            },
          };
        }),
        save: fromPromise<void, { id: string; values: EditContactValues }>(async ({ input }) => {
          if (input.values.kind !== 'billingAddress') throw new Error('The billing address flow saves a contact');
          const contact = contactBody(input.values.contact);
          try {
            if (owner === 'subscription')
              dataOf(await api.POST('/api/v2/subscription/subscriptions/change-subscriber', { body: { subscriptionId: input.id, ...contact } }));
            else dataOf(await api.PUT('/api/v3/order/orders/change-orderer', { body: { orderId: input.id, ...contact } }));
          } finally {
            invalidateChanged(services);
          }
        }),
      },
      actions: {
        showDonePage: (_, { id }) =>
          void (owner === 'subscription'
            ? navigate({ to: '/app/dashboard/subscription/$subscriptionId/subscriber/confirmation', params: { subscriptionId: id }, replace: true })
            : navigate({ to: ticketsPage, replace: true })),
        leave: () => {
          if (history.canGoBack()) history.back();
          else void navigate({ to: ticketsPage });
        },
      },
    });
  };
}
