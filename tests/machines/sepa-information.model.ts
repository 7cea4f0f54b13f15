import type { EventFromLogic, SnapshotFrom } from 'xstate';

import {
  sepaInformationMachine,
  type SepaInformationValues,
  type SepaSaveResult,
  type StoredSepaInformation,
} from '#machines/sepa-information/sepa-information.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The SEPA information machine's model (docs/guides/model-based-tests.md): in each state, what the
 * customer can do and what the API can answer (sandbox/handlers/payment.ts getPaymentInformation,
 * updatePaymentInformation). Used by sepa-information.machine.test.ts, the coverage table and
 * `npm run paths -- sepa-information`.
 */

type Machine = typeof sepaInformationMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

/** deuti's seeded information as the load actor gives it (the IBAN DE02120300000000202051 masked). */
export const stored: StoredSepaInformation = { accountName: 'Erika Mustermann', maskedIban: 'DE02 **** **** **** 2051', bic: 'BYLADEM1001' };

/** What the customer sends: a valid Dutch IBAN (electronic format). */
export const information: SepaInformationValues = { accountName: 'Max Mustermann', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' };
export const saved: StoredSepaInformation = { accountName: 'Max Mustermann', maskedIban: 'NL91 **** **** **** 4300', bic: 'ABNANL2A' };

export const { done, failed } = actorResults(sepaInformationMachine);

/** The PUT's 200 answers: saved, blacklisted, another invalid result. */
export const valid: SepaSaveResult = { isValid: true, ibanValidationResult: 'Valid', saved };
export const blacklisted: SepaSaveResult = { isValid: false, ibanValidationResult: 'Blacklist', saved };
export const invalidChecksum: SepaSaveResult = { isValid: false, ibanValidationResult: 'InvalidChecksum', saved };

export const notFound = new ApiFailure(404, { status: 404, code: 'notFound', title: 'Not Found' });
export const invalidFields = new ApiFailure(400, {
  status: 400,
  code: 'validationFailed',
  title: 'The payment information has invalid fields',
  errors: [
    { field: 'account_name', code: 'textFormatAccountHolder' },
    { field: 'bic', code: 'bicFormat' },
  ],
});
export const badRequestWithoutFields = new ApiFailure(400, { status: 400, code: 'validationFailed', title: 'Bad Request' });
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const unavailable = new ApiFailure(503, { status: 503, title: 'Service Unavailable' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('loading'))
    return [done('load', stored), failed('load', notFound), failed('load', serverError), failed('load', unavailable), failed('load', offline)];
  if (snapshot.matches('loadFailed')) return [{ type: 'load.retry' }];
  if (snapshot.matches('ready')) return [{ type: 'information.save', information }];
  if (snapshot.matches('saving')) {
    return [
      done('save', valid),
      done('save', blacklisted),
      done('save', invalidChecksum),
      failed('save', invalidFields),
      failed('save', badRequestWithoutFields),
      failed('save', serverError),
      failed('save', unavailable),
      failed('save', offline),
    ];
  }
  return [];
}

/** What is shown: the state, whether something is stored, and the error (each is another screen state). */
export const serialize = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.stored !== undefined, snapshot.context.error ?? null]);

export const machine = sepaInformationMachine;

export const sepaInformationModel: MachineModel<Machine> = {
  file: 'machines/sepa-information/sepa-information.machine.ts',
  machine: sepaInformationMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};
