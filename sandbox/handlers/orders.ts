import type { components } from '#openapi/schema.gen';
import { products } from '#src/domain/product';
import { all, run } from '../db/database';
import { bodyOf, type HandlerContext, type Handlers, requireSession } from '../handler';
import { json, noContent, problem, type Reply } from '../http';
import {
  billingOf,
  contactToBilling,
  openOrderStatuses,
  type OrderRow,
  orderOfUser,
  type SubscriptionRow,
  subscriptionOfOrder,
  syncTickets,
  syncUser,
  todayIso,
  travelerOf,
} from '../tickets/subscription-lifecycle';
import { changeTraveler, checkContact, travelerResponse, validationProblem } from './contact-checks';
import { orderCatalogHandlers } from './order-catalog';
import { submitOrder } from './order-submit';

type Schemas = components['schemas'];

/**
 * Operations of the contract's "orders" and "quote" areas (SPEC.md 7.1, 7.2), gathered for the app:
 * a customer's orders here, the submit in order-submit.ts, the public order data in order-catalog.ts.
 * The order lifecycle (submitted → fulfilled → subscription) is described in
 * sandbox/tickets/subscription-lifecycle.ts.
 */

function rawOrder(order: OrderRow, sub: SubscriptionRow | undefined): Schemas['RawOrder'] {
  const traveler = travelerOf(order, sub);
  return {
    id: order.id,
    order_items: [{ buy_on: order.buy_on }],
    terminated_at: order.terminated_at,
    order_status: order.order_status,
    order_number: order.order_number,
    traveler_first_name: traveler.firstName,
    traveler_last_name: traveler.lastName,
    subscription_id: sub?.id ?? null,
    monthly_price: order.customer_price,
    product: order.product,
  };
}

function cancellation(order: OrderRow): Schemas['OrderCancellation'] {
  return {
    order_id: order.id,
    order_number: order.order_number,
    is_cancellable: openOrderStatuses.includes(order.order_status),
    cancelled_at: order.cancelled_at,
  };
}

const orderNotFound = () => problem(404, 'notFound', 'No such order');

async function ownOrder(ctx: HandlerContext): Promise<OrderRow | undefined> {
  return orderOfUser(ctx.db, requireSession(ctx).userId, String(ctx.request.params.id));
}

async function listOrders(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  await syncUser(ctx.db, userId);
  const orders = await all<OrderRow>(ctx.db, 'SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, order_number DESC', [userId]);
  const subs = await all<SubscriptionRow>(ctx.db, 'SELECT * FROM subscriptions WHERE user_id = ?', [userId]);
  const subOf = new Map(subs.map((sub) => [sub.order_id, sub]));
  return json(
    200,
    orders.map((order) => rawOrder(order, subOf.get(order.id))),
  );
}

async function getOrder(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  const billing = billingOf(order);
  const traveler = travelerOf(order, await subscriptionOfOrder(ctx.db, order.id));
  const data: Schemas['OrderDataForPayment'] = {
    gender: billing.gender,
    firstName: billing.first_name,
    lastName: billing.last_name,
    birthdate: billing.birthdate,
    street: billing.street,
    houseNumber: billing.house_number,
    zipCode: billing.zip_code,
    city: billing.city,
    country: billing.country,
    ...(billing.addition ? { addition: billing.addition } : {}),
    productId: String(products[order.product].id),
    travelerFirstName: traveler.firstName,
    travelerLastName: traveler.lastName,
    travelerGender: traveler.gender,
    travelerBirthdate: traveler.birthdate,
    orderId: order.id,
    buyOn: order.buy_on,
    orderNumber: order.order_number,
  };
  return json(200, data);
}

async function changeOrderer(ctx: HandlerContext): Promise<Reply> {
  const { userId } = requireSession(ctx);
  const { orderId, ...input } = bodyOf<'changeOrderer'>(ctx);
  const order = await orderOfUser(ctx.db, userId, orderId);
  if (!order) return orderNotFound();
  const checked = checkContact(input, new Date());
  if (!checked.ok) return validationProblem(checked.errors);
  const current = billingOf(order);
  if (!products[order.product].billingNameChangeable && (checked.value.firstName !== current.first_name || checked.value.lastName !== current.last_name)) {
    return problem(400, 'billingNameChangeNotAllowed', 'For this product the names of the billing address cannot be changed', {
      errors: [
        ...(checked.value.firstName !== current.first_name ? [{ field: 'firstName', code: 'billingNameChangeNotAllowed' }] : []),
        ...(checked.value.lastName !== current.last_name ? [{ field: 'lastName', code: 'billingNameChangeNotAllowed' }] : []),
      ],
    });
  }
  await run(ctx.db, 'UPDATE orders SET billing_address = ? WHERE id = ?', [JSON.stringify(contactToBilling(checked.value)), order.id]);
  return noContent();
}

async function getOrderTraveler(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  return json(200, travelerResponse(order, await subscriptionOfOrder(ctx.db, order.id)));
}

async function updateOrderTraveler(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  if (!openOrderStatuses.includes(order.order_status) && !['fulfilled', 'terminated'].includes(order.order_status)) {
    return problem(400, 'orderNotChangeable', 'The order is cancelled; its traveler cannot be changed');
  }
  const sub = await subscriptionOfOrder(ctx.db, order.id);
  const reply = await changeTraveler(ctx.db, order, sub, bodyOf<'updateOrderTraveler'>(ctx));
  if (reply.status === 200 && sub) await syncTickets(ctx.db, sub, order, todayIso());
  return reply;
}

async function getOrderCancellation(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  return json(200, cancellation(order));
}

/** An order that is not yet a subscription can be cancelled; its status becomes 'canceled' (shown as revoked). */
async function cancelOrder(ctx: HandlerContext): Promise<Reply> {
  const order = await ownOrder(ctx);
  if (!order) return orderNotFound();
  if (!openOrderStatuses.includes(order.order_status)) {
    return problem(409, 'orderNotCancellable', order.cancelled_at ? 'The order is already cancelled' : 'The order can no longer be cancelled');
  }
  const cancelledAt = new Date().toISOString();
  await run(ctx.db, "UPDATE orders SET order_status = 'canceled', cancelled_at = ? WHERE id = ?", [cancelledAt, order.id]);
  if (order.product === 'seti' && order.staff_number) {
    await run(ctx.db, 'UPDATE students SET taken_by_user_id = NULL WHERE matriculation_number = ? AND taken_by_user_id = ?', [
      order.staff_number,
      order.user_id,
    ]);
  }
  return json(200, cancellation({ ...order, order_status: 'canceled', cancelled_at: cancelledAt }));
}

/** Operations of the contract's "orders" and "quote" areas. */
export const orderHandlers: Handlers = {
  getOrderCancellation,
  listOrders,
  getOrder,
  submitOrder,
  changeOrderer,
  getOrderTraveler,
  updateOrderTraveler,
  cancelOrder,
  ...orderCatalogHandlers,
};
