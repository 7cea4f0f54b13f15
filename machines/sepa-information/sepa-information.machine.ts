import { assign, fromPromise, setup } from 'xstate';

import { failureGuards } from '#machines/shared/failure-guards';
import { failureOf, type FieldFailure } from '#src/domain/failure';

/**
 * The direct-debit (SEPA) information of the signed-in customer (SPEC.md 5.2, 7.4, 8; issue 12
 * item 2): the portal loads what is stored (404: nothing yet, the form starts empty), the customer
 * enters account holder, IBAN, BIC and gives the SEPA mandate, and the machine sends it once.
 *
 * The server answers a well-formed request with 200 and a validation result: valid means saved;
 * `Blacklist` is `ibanBlacklist` at the IBAN (SPEC.md 8), any other invalid result
 * `invalidPaymentInformation`. A 400 names fields (their codes go to their fields); anything else
 * is `saveFailed`, an alert whose retry sends the form again. In every failure the form keeps what
 * was typed: the IBAN lives in the form and passes through this machine in the event and the
 * save actor's input only, never in its context; what the context holds of an IBAN is the masked
 * form the actors make ("DE02 **** **** **** 2051").
 *
 * The machine knows no HTTP, router or text: src/flows/sepa-information/sepa-information.actors.ts
 * provides the actors; the screen maps the codes to messages.
 */

/** What the portal shows of stored information: the IBAN masked, never in full. */
export interface StoredSepaInformation {
  accountName: string;
  /** Country, check digits and the last four: "DE02 **** **** **** 2051". */
  maskedIban: string;
  bic: string;
}

/** What the customer sends: the validated form (src/domain/sepa-information.ts), the mandate given. */
export interface SepaInformationValues {
  accountName: string;
  /** Electronic format: no spaces, upper case. */
  iban: string;
  bic: string;
}

/** The answer to a save (the contract's PaymentValidation), with what was saved, masked. */
export interface SepaSaveResult {
  isValid: boolean;
  ibanValidationResult: string;
  saved: StoredSepaInformation;
}

/**
 * What went wrong, as a code the screen translates: `loadFailed`; `ibanBlacklist` and
 * `invalidPaymentInformation` (SPEC.md 8's keys, at the IBAN); `invalidFields` (a 400 naming fields,
 * at their fields); `saveFailed` (anything else: the alert with its retry).
 */
export type SepaInformationErrorCode = 'loadFailed' | 'ibanBlacklist' | 'invalidPaymentInformation' | 'invalidFields' | 'saveFailed';

/** The form's fields. */
export type SepaInformationField = 'accountName' | 'iban' | 'bic' | 'hasAgreedToSepa';

/** A code at a field of the form (codes only, never a value). */
export interface SepaInformationFieldError {
  field: SepaInformationField;
  code: string;
}

export interface SepaInformationContext {
  /** What is stored now (masked); undefined before the first save (404). */
  stored: StoredSepaInformation | undefined;
  /** What this visit saved (masked), for the confirmation. */
  saved: StoredSepaInformation | undefined;
  error: SepaInformationErrorCode | undefined;
  fieldErrors: readonly SepaInformationFieldError[];
}

export type SepaInformationEvent = { type: 'information.save'; information: SepaInformationValues } | { type: 'load.retry' };

const noFieldErrors: readonly SepaInformationFieldError[] = [];

/** The contract's field names (PaymentInformation) as the form's. */
const formFieldOf: Record<string, SepaInformationField> = {
  account_name: 'accountName',
  iban: 'iban',
  bic: 'bic',
  has_agreed_to_sepa: 'hasAgreedToSepa',
};

/** The server's field errors of a refused save, at the form's fields (others are dropped). */
export function sepaInformationFieldErrors(fields: readonly FieldFailure[]): readonly SepaInformationFieldError[] {
  const mapped = fields.flatMap((item) => {
    const field = formFieldOf[item.field.split('.').at(-1) ?? item.field];
    return field ? [{ field, code: item.code }] : [];
  });
  return mapped.length === 0 ? noFieldErrors : mapped;
}

/** The empty answer's shape, for an input that cannot happen (the save is entered by `information.save` only). */
const noValues: SepaInformationValues = { accountName: '', iban: '', bic: '' };

export const sepaInformationMachine = setup({
  types: {
    context: {} as SepaInformationContext,
    events: {} as SepaInformationEvent,
  },
  actors: {
    /** GET /api/v2/payment/paymentinformation (SPEC.md 7.4), the IBAN masked by the app before it gets here. */
    load: fromPromise<StoredSepaInformation, void>(async () => {
      throw new Error('load is provided by the app');
    }),
    /** PUT /api/v2/payment/paymentinformation (SPEC.md 7.4) with has_agreed_to_sepa true; never retried. */
    save: fromPromise<SepaSaveResult, SepaInformationValues>(async () => {
      throw new Error('save is provided by the app');
    }),
  },
  guards: {
    isNotFound: failureGuards.isNotFound,
    /** A 400 that names fields of the form. */
    hasFieldErrors: (_, params: { error: unknown }) =>
      failureGuards.isBadRequest(_, params) && sepaInformationFieldErrors(failureOf(params.error).fieldErrors).length > 0,
    /** The server accepted and saved it. */
    isSaved: (_, params: { result: SepaSaveResult }) => params.result.isValid,
    /** The server refused the IBAN as blacklisted (SPEC.md 8 ibanBlacklist). */
    isBlacklisted: (_, params: { result: SepaSaveResult }) => params.result.ibanValidationResult === 'Blacklist',
  },
}).createMachine({
  id: 'sepaInformation',
  description:
    'Loads the stored direct-debit information (masked), lets the customer enter new information with the SEPA mandate and saves it once (SPEC.md 5.2, 7.4).',
  meta: { spec: 'SPEC.md 5.2, 7.4 GET, PUT /api/v2/payment/paymentinformation, 8' },
  context: { stored: undefined, saved: undefined, error: undefined, fieldErrors: noFieldErrors },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the stored information; the app keeps only its masked IBAN.',
      meta: { spec: 'SPEC.md 7.4 GET /api/v2/payment/paymentinformation' },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          description: 'Loaded: the stored information above an empty IBAN field.',
          target: 'ready',
          actions: assign({ stored: ({ event }) => event.output }),
        },
        onError: [
          {
            description: '404: nothing stored yet; the empty form.',
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
          },
          {
            description: 'Any other failure to load (a 503 goes to /maintenance first): the alert with a retry.',
            target: 'loadFailed',
            actions: assign({ error: 'loadFailed' }),
          },
        ],
      },
    },
    loadFailed: {
      description: 'Loading failed: the alert with a retry and the way back to my data.',
      meta: { spec: 'SPEC.md 8 (other errors: the load error with a retry)' },
      on: {
        'load.retry': { description: 'Load again.', target: 'loading', actions: assign({ error: undefined }) },
      },
    },
    ready: {
      description: 'The form: account holder, IBAN, BIC and the SEPA mandate; after a failure it shows why and keeps what was typed.',
      meta: { spec: 'SPEC.md 5.2 Account holder name, IBAN, BIC, has_agreed_to_sepa' },
      on: {
        'information.save': {
          description: 'The validated form with the mandate given: send it.',
          target: 'saving',
          actions: assign({ error: undefined, fieldErrors: noFieldErrors }),
        },
      },
    },
    saving: {
      description: 'Sends the information once; a second submit meanwhile is ignored.',
      meta: { spec: 'SPEC.md 4.8 (a loading button ignores clicks), 7.4 PUT /api/v2/payment/paymentinformation' },
      invoke: {
        id: 'save',
        src: 'save',
        // Straight from the event: the IBAN never enters the context.
        input: ({ event }) => (event.type === 'information.save' ? event.information : noValues),
        onDone: [
          {
            description: 'Valid: saved; the confirmation.',
            guard: { type: 'isSaved', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            actions: assign({ saved: ({ event }) => event.output.saved }),
          },
          {
            description: 'Blacklist: ibanBlacklist at the IBAN (SPEC.md 8); the form keeps everything.',
            guard: { type: 'isBlacklisted', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: assign({ error: 'ibanBlacklist', fieldErrors: [{ field: 'iban', code: 'ibanBlacklist' }] }),
          },
          {
            description: 'Any other invalid result: invalidPaymentInformation at the IBAN (SPEC.md 8).',
            target: 'ready',
            actions: assign({ error: 'invalidPaymentInformation', fieldErrors: [{ field: 'iban', code: 'invalidPaymentInformation' }] }),
          },
        ],
        onError: [
          {
            description: '400 naming fields: each code at its field; the form keeps everything.',
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: assign({ error: 'invalidFields', fieldErrors: ({ event }) => sepaInformationFieldErrors(failureOf(event.error).fieldErrors) }),
          },
          {
            description: 'Any other failure (a 500, no answer; a 503 goes to /maintenance first): the alert with a retry; the form keeps everything.',
            target: 'ready',
            actions: assign({ error: 'saveFailed' }),
          },
        ],
      },
    },
    done: {
      description: 'Saved: the confirmation with the masked IBAN and the way back to my data.',
      meta: { spec: 'SPEC.md 2.2 /app/dashboard/account' },
      type: 'final',
    },
  },
});
