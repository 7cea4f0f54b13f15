import * as v from 'valibot';
import { createActor } from 'xstate';

import { orderWizardMachine, type OrderWizardSnapshot } from '#machines/order-wizard/order-wizard.machine';
import { type PersistedOrderWizard, toPersistable } from '#machines/order-wizard/order-wizard.persistence';
import type { ProductName } from '#src/domain/product';

/**
 * The wizard's draft in sessionStorage (DESIGN.md section 3): it survives a reload and the round trip
 * through sign-in, is versioned and validated on restore, and never holds a password (the machine's
 * `toPersistable` in order-wizard.persistence.ts drops it). Cleared on success and on logout.
 */
export const draftKey = 'portal.orderWizard';
/** 2: the start step's traveler is flat (the domain schema's output), quotes are the context's, the day is in the context. */
const draftVersion = 2;

const envelopeSchema = v.object({
  version: v.literal(draftVersion),
  product: v.picklist(['deuti', 'joti', 'seti']),
  snapshot: v.looseObject({ status: v.literal('active'), value: v.unknown(), context: v.looseObject({ product: v.string(), data: v.looseObject({}) }) }),
});

export function saveDraft(storage: Pick<Storage, 'setItem'>, snapshot: OrderWizardSnapshot): void {
  try {
    storage.setItem(draftKey, JSON.stringify({ version: draftVersion, product: snapshot.context.product, snapshot: toPersistable(snapshot) }));
  } catch {
    // Storage full or disabled: the wizard still works, it just does not survive a reload.
  }
}

/** The draft for this product, if there is a valid one; anything else is thrown away. */
export function loadDraft(storage: Pick<Storage, 'getItem' | 'removeItem'>, product: ProductName): PersistedOrderWizard | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(draftKey) ?? 'null');
  } catch {
    parsed = null;
  }
  const result = v.safeParse(envelopeSchema, parsed);
  if (!result.success || result.output.product !== product) {
    if (parsed !== null) clearDraft(storage);
    return undefined;
  }
  const snapshot = result.output.snapshot as unknown as PersistedOrderWizard;
  try {
    // A snapshot the machine cannot resolve (an older shape) is not worth a broken page.
    // (The type wants an input; with a snapshot the machine does not read it.)
    const input = { product, registration: false, idempotencyKeys: { register: '', submit: '' }, today: '' };
    createActor(orderWizardMachine, { snapshot, input }).getSnapshot();
  } catch {
    clearDraft(storage);
    return undefined;
  }
  return snapshot;
}

export function clearDraft(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(draftKey);
  } catch {
    // nothing to clear
  }
}
