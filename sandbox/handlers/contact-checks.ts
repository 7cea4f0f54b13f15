import * as v from 'valibot';

import type { components } from '#openapi/schema.gen';
import { billingAddressSchema, travelerSchema } from '#src/domain/address';
import { fieldIssues } from '#src/domain/personal-fields';
import { products } from '#src/domain/product';
import { type Database, one, run } from '../db/database';
import { type FieldProblem, json, problem, type Reply } from '../http';
import { type Contact, type OrderRow, type StoredTraveler, type SubscriptionRow, subscriberOf, travelerOf } from '../tickets/subscription-lifecycle';
import { enabledCountries } from './order-catalog';
import { currentInstrument } from './payment';

type Schemas = components['schemas'];

/**
 * The checks that order, orderer, subscriber and traveler changes share: a contact or traveler body
 * against the shared schemas of SPEC.md 5.1 (src/domain), and the traveler as the contract returns it.
 */

/** A contact (camelCase) checked with the shared schema of SPEC.md 5.1; problems named `<prefix><field>`. */
export function checkContact(
  contact: Contact,
  today: Date,
  fieldName: (field: string) => string = (field) => field,
): { ok: true; value: Contact } | { ok: false; errors: FieldProblem[] } {
  const result = v.safeParse(billingAddressSchema(today), contact);
  if (!result.success) return { ok: false, errors: fieldIssues(result.issues).map((issue) => ({ field: fieldName(issue.field), code: issue.code })) };
  if (!enabledCountries.has(result.output.country)) return { ok: false, errors: [{ field: fieldName('country'), code: 'countryNotSupported' }] };
  const { addition, ...rest } = result.output;
  return { ok: true, value: { ...rest, ...(addition ? { addition } : {}) } };
}

/** A traveler body (TravelerData) checked with the shared schema, with the isTraveler rule. */
export function checkTraveler(
  data: Schemas['TravelerData'],
  today: Date,
  fieldName: (field: string) => string = (field) => field,
): { ok: true; value: v.InferOutput<ReturnType<typeof travelerSchema>> } | { ok: false; errors: FieldProblem[] } {
  const result = v.safeParse(travelerSchema(today), data);
  if (!result.success)
    return { ok: false, errors: fieldIssues(result.issues).map((issue) => ({ field: fieldName(issue.field || 'isTraveler'), code: issue.code })) };
  return { ok: true, value: result.output };
}

export function validationProblem(errors: FieldProblem[]): Reply {
  return problem(400, 'validationFailed', 'The request has invalid fields', { errors });
}

// ---------------------------------------------------------------- traveler of an order or subscription

export function travelerResponse(order: OrderRow, sub: SubscriptionRow | undefined): Schemas['Traveler'] {
  return {
    ...travelerOf(order, sub),
    subscriptionId: sub?.id ?? null,
    subscriptionNumber: sub?.subscription_number ?? null,
    orderId: order.id,
    orderNumber: order.order_number,
  };
}

/**
 * Changes the traveler of an order (and so of its subscription). Where the traveler must be the
 * subscriber (joti, seti), only isTraveler true is accepted (travelerMustBeSubscriber).
 */
export async function changeTraveler(db: Database, order: OrderRow, sub: SubscriptionRow | undefined, data: Schemas['TravelerData']): Promise<Reply> {
  const checked = checkTraveler(data, new Date());
  if (!checked.ok) return validationProblem(checked.errors);
  if (!checked.value.isTraveler && products[order.product].travelerMustBeSubscriber) {
    return problem(400, 'travelerMustBeSubscriber', 'For this product the subscriber is the traveler', {
      errors: [{ field: 'isTraveler', code: 'travelerMustBeSubscriber' }],
    });
  }
  // SPEC.md 6.1: a ticket for someone else is paid by credit card only, after a change too.
  if (!checked.value.isTraveler && (await currentInstrument(db, order.id))?.type === 'BANKACCOUNT') {
    return problem(400, 'creditCardRequired', 'A ticket for another person can only be paid by credit card', {
      errors: [{ field: 'isTraveler', code: 'creditCardRequired' }],
    });
  }
  let stored: StoredTraveler;
  if (checked.value.isTraveler) {
    const subscriber = subscriberOf(order, sub);
    stored = {
      is_traveler: true,
      first_name: subscriber.firstName,
      last_name: subscriber.lastName,
      gender: subscriber.gender,
      birthdate: subscriber.birthdate,
    };
  } else {
    const { firstName, lastName, gender, birthdate } = checked.value;
    stored = { is_traveler: false, first_name: firstName, last_name: lastName, gender, birthdate };
  }
  await run(db, 'UPDATE orders SET traveler = ? WHERE id = ?', [JSON.stringify(stored), order.id]);
  const updated = (await one<OrderRow>(db, 'SELECT * FROM orders WHERE id = ?', [order.id])) ?? order;
  return json(200, travelerResponse(updated, sub));
}
