import { assign, fromPromise, setup } from 'xstate';

import type { BillingAddress, Traveler } from '#src/domain/address';
import { failureOf } from '#src/domain/failure';
import type { Gender } from '#src/domain/personal-fields';
import { failureGuards } from '#machines/shared/failure-guards';

/**
 * Changing a person of a subscription or an order (SPEC.md 2.3, 3, 5.1, 7.1, 7.3, 8): the
 * traveler (traveler edit) or the billing address (change billing address, the subscriber of a
 * subscription or the orderer of an order not yet started). Both screens are the same flow: load
 * what is there, let the customer edit it, save it once, then leave; so one machine serves both,
 * and the app provides per use what differs: the load, the save and where the customer goes after
 * saving or cancelling (src/flows/edit-contact/edit-contact.actors.ts).
 *
 * A failed save keeps the form as typed: a 400 naming fields puts each code at its field
 * (`invalidFields`); a 409, or a 400 or 404 without fields (the subscription ended, the order is
 * no longer changeable), means it changed meanwhile (`changedMeanwhile`); anything else is the
 * destructive alert of SPEC.md 8 (`saveFailed`). The machine knows no HTTP, router or text.
 */

/** The traveler as loaded: `isTraveler` true means the subscriber travels (SPEC.md 3). */
export interface CurrentTraveler {
  isTraveler: boolean;
  firstName?: string | undefined;
  lastName?: string | undefined;
  gender?: Gender | undefined;
  birthdate?: string | undefined;
}

/** What the flow loads: the subject's number for the title, the product's rule and the current person. */
export type EditContactData =
  | {
      kind: 'traveler';
      /** The subscription number, or the order number of an order not yet a subscription. */
      number: string;
      /** SPEC.md 6.1 (joti, seti): the subscriber travels, no choice is offered. */
      travelerMustBeSubscriber: boolean;
      /**
       * The order is paid by direct debit: another traveler needs a credit card first (SPEC.md 6.1,
       * ordering for someone else allows credit card only), and the order's id leads to its payment.
       */
      paysByDirectDebit: boolean;
      orderId: string;
      current: CurrentTraveler;
    }
  | {
      kind: 'billingAddress';
      number: string;
      /** SPEC.md 5.1, 6.1: false for seti, whose billing names are read-only. */
      namesChangeable: boolean;
      current: BillingAddress;
    };

/** What the customer sends: the domain schemas' outputs (src/domain/address.ts). */
export type EditContactValues = { kind: 'traveler'; traveler: Traveler } | { kind: 'billingAddress'; contact: BillingAddress };

/** A failing field as the server named it (the contract's FieldErrorCode as `code`). */
export interface EditContactFieldError {
  field: string;
  code: string;
}

/** What went wrong, as a code the screen translates (machines store codes, never sentences). */
export type EditContactErrorCode = 'loadFailed' | 'invalidFields' | 'changedMeanwhile' | 'saveFailed';

export interface EditContactInput {
  /** The subscription's or the order's id (the route's parameter). */
  id: string;
}

export interface EditContactContext {
  id: string;
  data: EditContactData | undefined;
  /** The values of the last save: what the customer typed, kept across a failure. */
  values: EditContactValues | undefined;
  error: EditContactErrorCode | undefined;
  fieldErrors: readonly EditContactFieldError[];
}

export type EditContactEvent = { type: 'changes.save'; values: EditContactValues } | { type: 'load.retry' } | { type: 'edit.cancel' };

export const editContactMachine = setup({
  types: {
    context: {} as EditContactContext,
    events: {} as EditContactEvent,
    input: {} as EditContactInput,
  },
  actors: {
    /** GET the person and what the screen needs with it (SPEC.md 7.1, 7.3); provided per use. */
    load: fromPromise<EditContactData, { id: string }>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** PUT the traveler, POST change-subscriber or PUT change-orderer (SPEC.md 7.1, 7.3); never retried. */
    save: fromPromise<void, { id: string; values: EditContactValues }>(async () => {
      throw new Error('save is provided by the app');
    }),
  },
  actions: {
    /** After saving: the tickets list, or the subscriber confirmation (SPEC.md 2.2, 7.3); provided per use. */
    showDonePage: (_, _params: { id: string }) => {},
    /** Cancel: the tickets list, or back in the browser's history (SPEC.md 2.3); provided per use. */
    leave: (_, _params: { id: string }) => {},
  },
  guards: {
    /** A 400 that names fields: each code belongs at its field. */
    hasFieldErrors: (_, params: { error: unknown }) => failureOf(params.error).status === 400 && failureOf(params.error).fieldErrors.length > 0,
    isConflict: failureGuards.isConflict,
    isBadRequest: failureGuards.isBadRequest,
    isNotFound: failureGuards.isNotFound,
  },
}).createMachine({
  id: 'editContact',
  description: 'Loads a person of a subscription or an order (traveler or billing address), lets the customer change it and saves it once (SPEC.md 2.3).',
  meta: { spec: 'SPEC.md 2.3, 3, 5.1, 7.1, 7.3, 8' },
  context: ({ input }) => ({ id: input.id, data: undefined, values: undefined, error: undefined, fieldErrors: [] }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the current person, the number for the title and the product rule (who may travel, whether the names may change).',
      meta: { spec: 'SPEC.md 3, 6.1, 7.1 GET /api/v3/order/orders/{id}(/traveler), 7.3 GET .../subscriptions/{id}/details, .../{id}/traveler' },
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { description: 'Loaded: the form, filled with the current person.', target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: { description: 'Any failure to load (a 503 goes to /maintenance first).', target: 'loadFailed', actions: assign({ error: 'loadFailed' }) },
      },
    },
    loadFailed: {
      description: 'Loading failed: traveler:form.errors.loading or form.errors.loading, with a retry and a way back.',
      meta: { spec: 'SPEC.md 8 traveler:form.errors.loading, form.errors.loading' },
      on: {
        'load.retry': { description: 'Load again.', target: 'loading', actions: assign({ error: undefined }) },
        'edit.cancel': { description: 'The customer leaves without loading.', target: 'cancelled', actions: assign({ error: undefined }) },
      },
    },
    ready: {
      description: 'The form; after a failed save it shows why and keeps what the customer typed.',
      meta: { spec: 'SPEC.md 2.3 traveler edit, change billing address; 5.1' },
      on: {
        'changes.save': {
          description: 'The validated values: save them.',
          target: 'saving',
          actions: assign({ values: ({ event }) => event.values, error: undefined, fieldErrors: [] }),
        },
        'edit.cancel': { description: 'Cancel: nothing is saved.', target: 'cancelled' },
      },
    },
    saving: {
      description: 'Sends the values once, without retry; a second press meanwhile is ignored.',
      meta: {
        spec: 'SPEC.md 4.8, 7.1 PUT .../orders/{id}/traveler, change-orderer; 7.3 PUT .../subscriptions/{id}/traveler, POST change-subscriber (no retry)',
      },
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ id: context.id, values: context.values! }),
        onDone: { description: 'Saved.', target: 'done' },
        onError: [
          {
            description: '400 naming fields: each field shows its code; the form keeps every value.',
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: assign({ error: 'invalidFields', fieldErrors: ({ event }) => failureOf(event.error).fieldErrors }),
          },
          {
            description: '409: it changed meanwhile (e.g. in another tab): say so.',
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: assign({ error: 'changedMeanwhile' }),
          },
          {
            description: '400 without fields: the subscription ended or the order can no longer be changed meanwhile.',
            guard: { type: 'isBadRequest', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: assign({ error: 'changedMeanwhile' }),
          },
          {
            description: '404: the subscription or order is no longer there.',
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: assign({ error: 'changedMeanwhile' }),
          },
          { description: 'Any other failure: the destructive alert; the form keeps every value.', target: 'ready', actions: assign({ error: 'saveFailed' }) },
        ],
      },
    },
    done: {
      description: 'Saved: the tickets list (traveler, orderer) or the subscriber confirmation.',
      meta: { spec: 'SPEC.md 2.2 /app/dashboard/tickets, /app/dashboard/subscription/{id}/subscriber/confirmation' },
      type: 'final',
      entry: { type: 'showDonePage', params: ({ context }) => ({ id: context.id }) },
    },
    cancelled: {
      description: 'Cancelled: back to the tickets list, or back in the history.',
      meta: { spec: 'SPEC.md 2.3 Cancel' },
      type: 'final',
      entry: { type: 'leave', params: ({ context }) => ({ id: context.id }) },
    },
  },
});
