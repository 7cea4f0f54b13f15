import * as v from 'valibot';
import { createActor } from 'xstate';

import { orderWizardMachine, type OrderWizardSnapshot } from '#machines/order-wizard/order-wizard.machine';
import { type PersistedOrderWizard, toPersistable, withAffiliate } from '#machines/order-wizard/order-wizard.persistence';
import type { StepId } from '#machines/order-wizard/order-wizard.types';
import type { ProductName } from '#src/domain/product';
import { draftKey, entriesKey } from './draft-keys';

/**
 * The wizard's draft in sessionStorage (docs/architecture.md#data-and-state): it survives a reload and the round trip
 * through sign-in, is versioned and validated on restore, and never holds a password (the machine's
 * `toPersistable` in order-wizard.persistence.ts drops it). Cleared on success and on logout.
 *
 * Besides the machine's snapshot (the steps done), the draft keeps what is typed on the step on
 * screen, its entries (`portal.orderWizard.entries`, decision 18): saved on every change, restored
 * as the step's form values after a reload, dropped when the wizard shows another step (the
 * submitted values are then the machine's) and with the draft. Never a password or an IBAN.
 */
export { draftKey, entriesKey } from './draft-keys';
/** 2: the start step's traveler is flat (the domain schema's output), quotes are the context's, the day is in the context. */
const draftVersion = 2;

/** The outline a persisted snapshot must have; whether the machine can resolve it is tried on restore. */
const snapshotOutline = v.looseObject({
  status: v.literal('active'),
  value: v.unknown(),
  context: v.looseObject({ product: v.string(), data: v.looseObject({}) }),
});

const envelopeSchema = v.object({
  version: v.literal(draftVersion),
  product: v.picklist(['deuti', 'joti', 'seti']),
  snapshot: v.custom<PersistedOrderWizard>((value) => v.is(snapshotOutline, value)),
});

export function saveDraft(storage: Pick<Storage, 'setItem'>, snapshot: OrderWizardSnapshot): void {
  try {
    storage.setItem(draftKey, JSON.stringify({ version: draftVersion, product: snapshot.context.product, snapshot: toPersistable(snapshot) }));
  } catch {
    // Storage full or disabled: the wizard still works, it just does not survive a reload.
  }
}

/**
 * The draft for this product, if there is a valid one; anything else is thrown away. A partner's
 * link opened on a draft (`affiliate`: the page's `?affiliate=`) gives the draft its affiliate: the
 * latest link is the one the registration and the order name (SPEC.md 7.5).
 */
export function loadDraft(storage: Pick<Storage, 'getItem' | 'removeItem'>, product: ProductName, affiliate?: string): PersistedOrderWizard | undefined {
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
  const { snapshot } = result.output;
  try {
    // A snapshot the machine cannot resolve (an older shape) is not worth a broken page.
    // (The type wants an input; with a snapshot the machine does not read it.)
    const input = { product, registration: false, idempotencyKeys: { register: '', submit: '' }, today: '' };
    createActor(orderWizardMachine, { snapshot, input }).getSnapshot();
  } catch {
    clearDraft(storage);
    return undefined;
  }
  if (!affiliate) return snapshot;
  return withAffiliate(snapshot, affiliate);
}

export function clearDraft(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(draftKey);
  } catch {
    // nothing to clear
  }
  clearStepEntries(storage);
}

// ---------------------------------------------------------------- the entries of the step on screen

/** A step form's values as typed: text fields, choices and checkboxes. */
export type StepEntries = Readonly<Record<string, string | boolean>>;

const entriesVersion = 1;
const stepIds = ['company', 'startAndTraveler', 'billing', 'account', 'summary'] as const satisfies readonly StepId[];

const entriesSchema = v.object({
  version: v.literal(entriesVersion),
  product: v.picklist(['deuti', 'joti', 'seti']),
  step: v.picklist(stepIds),
  values: v.record(v.string(), v.union([v.string(), v.boolean()])),
});

/** Never stored, whatever the step: a password (password, repeatPassword, oldPassword…) or an IBAN. */
const secret = /password|iban/i;

/** The values a step's entries may hold: no secret, only text, choices and checkboxes. */
function storable(values: Readonly<Record<string, unknown>>): Record<string, string | boolean> {
  const kept: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!secret.test(name) && (typeof value === 'string' || typeof value === 'boolean')) kept[name] = value;
  }
  return kept;
}

/** Keeps what is typed on `step` (without any password or IBAN), in place of any earlier entries. */
export function saveStepEntries(storage: Pick<Storage, 'setItem'>, product: ProductName, step: StepId, values: Readonly<Record<string, unknown>>): void {
  try {
    storage.setItem(entriesKey, JSON.stringify({ version: entriesVersion, product, step, values: storable(values) }));
  } catch {
    // Storage full or disabled: a reload loses the step's entries, as before.
  }
}

/** The entries kept for this product, if valid; anything else is thrown away. */
export function loadStepEntries(storage: Pick<Storage, 'getItem' | 'removeItem'>, product: ProductName): { step: StepId; values: StepEntries } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(entriesKey) ?? 'null');
  } catch {
    parsed = undefined;
  }
  if (parsed === null) return undefined;
  const result = v.safeParse(entriesSchema, parsed);
  if (!result.success || result.output.product !== product) {
    clearStepEntries(storage);
    return undefined;
  }
  return { step: result.output.step, values: storable(result.output.values) };
}

export function clearStepEntries(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(entriesKey);
  } catch {
    // nothing to clear
  }
}
