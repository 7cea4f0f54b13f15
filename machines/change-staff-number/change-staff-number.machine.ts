import { assign, fromPromise, setup } from 'xstate';

import type { components } from '#openapi/schema.gen';
import { failureGuards } from '#machines/shared/failure-guards';
import { failureOf, fieldCodeOf } from '#src/domain/failure';

/**
 * Changing the staff number at the employer (SPEC.md 6.1 "Staff number changeable": joti only;
 * issue 30 item 3; decision 32: PUT /api/v2/payment/company-user-info).
 *
 * It loads the customer's company and staff number with the company's staff-number field (its
 * length and pattern rules, as the order wizard's company step checks them); a product that may not
 * change it (deuti, seti) or a customer without a company ends in `notChangeable`. The customer types
 * the new number (the form checks the company's rules as they type) and the machine sends it once.
 * A number another customer of the company has (409 `staffNumberTaken`) and one the server refuses
 * (400 naming `staff_number`) come back as codes at the field; a 403 `staffNumberNotChangeable`
 * ends in `notChangeable`; anything else is `changeFailed`. The form keeps what was typed in every
 * failure. On success the customer goes back to My data with a notice.
 *
 * The machine knows no HTTP, router or text: src/flows/change-staff-number/change-staff-number.actors.ts
 * provides the actors and `showAccountPage`; the screen maps the codes to messages.
 */

/** The company form's staff-number field: label, minLength, maxLength, customValidation (pattern and hint). */
export type StaffNumberField = components['schemas']['CompanyFormField']['textField'];

/** What the flow loads: whether the product lets the customer change the number, and if so the number and its rules. */
export type StaffNumberToChange =
  | { changeable: false }
  | {
      changeable: true;
      companyId: string;
      /** The company's name, when the company lookup knows it. */
      companyName: string | undefined;
      staffNumber: string;
      /** The company's staff-number field; undefined when the company form has none (only the general rules then). */
      field: StaffNumberField | undefined;
    };

/**
 * What went wrong, as a code the screen translates: `loadFailed` (with a retry), `staffNumberTaken`
 * and `staffNumberRejected` (their codes are at the field, `fieldErrors`), `changeFailed` (try again).
 */
export type ChangeStaffNumberErrorCode = 'loadFailed' | 'staffNumberTaken' | 'staffNumberRejected' | 'changeFailed';

/** A code at the form's one field. */
export interface ChangeStaffNumberFieldError {
  field: 'staffNumber';
  code: string;
}

export interface ChangeStaffNumberContext {
  current: StaffNumberToChange | undefined;
  error: ChangeStaffNumberErrorCode | undefined;
  fieldErrors: readonly ChangeStaffNumberFieldError[];
}

export type ChangeStaffNumberEvent = { type: 'staffNumber.change'; staffNumber: string } | { type: 'load.retry' };

const noFieldErrors: readonly ChangeStaffNumberFieldError[] = [];

export const changeStaffNumberMachine = setup({
  types: {
    context: {} as ChangeStaffNumberContext,
    events: {} as ChangeStaffNumberEvent,
  },
  actors: {
    /** The product (user-info), GET /api/v2/payment/company-user-info and the company's staff field (POST /api/v1/order/form). */
    loadStaffNumber: fromPromise<StaffNumberToChange>(async () => {
      throw new Error('loadStaffNumber is provided by the app');
    }),
    /** PUT /api/v2/payment/company-user-info (decision 32). */
    changeStaffNumber: fromPromise<void, { staffNumber: string }>(async () => {
      throw new Error('changeStaffNumber is provided by the app');
    }),
  },
  actions: {
    /** Back to My data with the notice that the staff number was changed; the app implements it with the router. */
    showAccountPage: () => {},
  },
  guards: {
    isChangeable: (_, params: { current: StaffNumberToChange }) => params.current.changeable,
    isConflict: failureGuards.isConflict,
    hasProblemCode: failureGuards.hasProblemCode,
    /** 400 naming the staff number: its broken rule at the field. */
    namesStaffNumber: (_, params: { error: unknown }) => failureGuards.isBadRequest(_, params) && fieldCodeOf(params.error, 'staff_number') !== undefined,
  },
}).createMachine({
  id: 'changeStaffNumber',
  description: "Changes a joti customer's staff number under the company's rules (SPEC.md 6.1); back to My data with a notice.",
  meta: { spec: 'SPEC.md 2.3 My data, 5.3 staff number, 6.1 Staff number changeable, 8' },
  context: { current: undefined, error: undefined, fieldErrors: noFieldErrors },
  initial: 'loading',
  states: {
    loading: {
      description: "Loads the product, the company and staff number, and the company's staff-number rules.",
      meta: { spec: 'SPEC.md 6.1, 7.4 GET /api/v2/payment/company-user-info, 7.1 POST /api/v1/order/form' },
      invoke: {
        id: 'loadStaffNumber',
        src: 'loadStaffNumber',
        onDone: [
          {
            description: 'joti with a company: the form with the current number.',
            guard: { type: 'isChangeable', params: ({ event }) => ({ current: event.output }) },
            target: 'editing',
            actions: assign({ current: ({ event }) => event.output }),
          },
          {
            description: 'deuti or seti (SPEC.md 6.1: not changeable), or no company: say so, the way back to My data.',
            target: 'notChangeable',
            actions: assign({ current: ({ event }) => event.output }),
          },
        ],
        onError: { description: 'Any failure to load (a 503 goes to /maintenance first).', target: 'loadFailed', actions: assign({ error: 'loadFailed' }) },
      },
    },
    loadFailed: {
      description: 'The staff number could not be loaded: the error with a retry.',
      meta: { spec: 'SPEC.md 8 (load failure with retry)' },
      on: {
        'load.retry': { description: 'Load again.', target: 'loading', actions: assign({ error: undefined }) },
      },
    },
    editing: {
      description: "The form with the current number and the company's rules; after a failure it shows why and keeps what was typed.",
      meta: { spec: 'SPEC.md 5.3 staff number, 5.4' },
      on: {
        'staffNumber.change': {
          description: 'The validated form: send the new number.',
          target: 'changing',
          actions: assign({ error: undefined, fieldErrors: noFieldErrors }),
        },
      },
    },
    changing: {
      description: 'Sends the new number once; a second submit meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.8 (a loading button ignores clicks); decision 32 PUT /api/v2/payment/company-user-info' },
      invoke: {
        id: 'changeStaffNumber',
        src: 'changeStaffNumber',
        input: ({ event }) => ({ staffNumber: event.type === 'staffNumber.change' ? event.staffNumber : '' }),
        onDone: { description: 'Changed: back to My data with the notice.', target: 'done' },
        onError: [
          {
            description: '409 staffNumberTaken: another customer of the company has it; the message at the field (SPEC.md 8 staffNumberTaken).',
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ error: 'staffNumberTaken', fieldErrors: [{ field: 'staffNumber', code: 'staffNumberTaken' }] }),
          },
          {
            description: '400 naming staff_number: the company rule it breaks, at the field (SPEC.md 5.3).',
            guard: { type: 'namesStaffNumber', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({
              error: 'staffNumberRejected',
              fieldErrors: ({ event }) => [
                { field: 'staffNumber', code: fieldCodeOf(event.error, 'staff_number') ?? failureOf(event.error).code ?? 'invalidValue' },
              ],
            }),
          },
          {
            description: '403 staffNumberNotChangeable: the product does not allow it (SPEC.md 6.1).',
            guard: { type: 'hasProblemCode', params: ({ event }) => ({ error: event.error, code: 'staffNumberNotChangeable' }) },
            target: 'notChangeable',
          },
          {
            description: 'Any other failure (a 500, no answer; a 503 goes to /maintenance first): the alert, the form keeps what was typed.',
            target: 'editing',
            actions: assign({ error: 'changeFailed' }),
          },
        ],
      },
    },
    notChangeable: {
      description: 'The staff number cannot be changed here: why, and the way back to My data.',
      meta: { spec: 'SPEC.md 6.1 Staff number changeable (deuti, seti: no)' },
      type: 'final',
    },
    done: {
      description: 'Changed: My data with the confirmation notice.',
      meta: { spec: 'SPEC.md 2.2 /app/dashboard/account' },
      type: 'final',
      entry: 'showAccountPage',
    },
  },
});
