import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { changeStaffNumberMachine, type StaffNumberToChange } from '#machines/change-staff-number/change-staff-number.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The change-staff-number machine's model (docs/guides/model-based-tests.md): in each state, what
 * the customer can do and what the API can answer (sandbox/handlers/payment.ts changeStaffNumber,
 * decision 32). Used by change-staff-number.machine.test.ts, the coverage table (coverage.test.ts)
 * and `npm run paths -- change-staff-number`.
 */

type Machine = typeof changeStaffNumberMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

/** joti@example.com: TDX9960 with its P-123456 staff field; and a product that may not change it. */
export const joti: StaffNumberToChange = {
  changeable: true,
  companyId: 'TDX9960',
  companyName: 'Muster Logistik GmbH',
  staffNumber: 'P-100234',
  field: {
    name: 'staffNumber',
    label: { 'de-DE': 'Personalnummer', 'en-US': 'Staff number' },
    minLength: 8,
    maxLength: 8,
    customValidation: {
      value: 'P-[0-9]{6}',
      errorHint: { 'de-DE': 'Die Personalnummer hat die Form P-123456.', 'en-US': 'The staff number has the form P-123456.' },
    },
  },
};
export const notChangeable: StaffNumberToChange = { changeable: false };
export const newNumber = 'P-100235';

export const { done, failed } = actorResults(changeStaffNumberMachine);
/** The sandbox's answers: a taken number, a number against the company's rules, a product that may not, and the failures any call can meet. */
export const taken = new ApiFailure(409, {
  status: 409,
  code: 'staffNumberTaken',
  title: 'Another customer of the company has this staff number',
  errors: [{ field: 'staff_number', code: 'staffNumberTaken' }],
});
export const rejected = new ApiFailure(400, {
  status: 400,
  code: 'validationFailed',
  title: 'The staff number breaks the company rules',
  errors: [{ field: 'staff_number', code: 'customValidation' }],
});
export const notAllowed = new ApiFailure(403, { status: 403, code: 'staffNumberNotChangeable', title: 'The staff number of this product cannot be changed' });
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const notFound = new ApiFailure(404, { status: 404, code: 'notFound', title: 'The customer is not linked to a company' });
export const offline = new TypeError('Failed to fetch');

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('loading')) {
    return [
      done('loadStaffNumber', joti),
      done('loadStaffNumber', notChangeable),
      failed('loadStaffNumber', serverError),
      failed('loadStaffNumber', notFound),
      failed('loadStaffNumber', offline),
    ];
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'load.retry' }];
  if (snapshot.matches('editing')) return [{ type: 'staffNumber.change', staffNumber: newNumber }];
  if (snapshot.matches('changing')) {
    return [
      done('changeStaffNumber', undefined),
      failed('changeStaffNumber', taken),
      failed('changeStaffNumber', rejected),
      failed('changeStaffNumber', notAllowed),
      failed('changeStaffNumber', serverError),
      failed('changeStaffNumber', offline),
    ];
  }
  return [];
}

/** What is shown: the state, the error and the field's code (each is another screen state). */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.error ?? null,
    snapshot.context.fieldErrors.map((item) => item.code),
    snapshot.context.current?.changeable ?? null,
  ]);

export const machine = changeStaffNumberMachine;

export const changeStaffNumberModel: MachineModel<Machine> = {
  file: 'machines/change-staff-number/change-staff-number.machine.ts',
  machine: changeStaffNumberMachine,
  variants: [{ name: 'default', machine, events: eventsFor, serialize }],
};
