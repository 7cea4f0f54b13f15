import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { type EditContactData, editContactMachine, type EditContactValues } from '#machines/edit-contact/edit-contact.machine';
import { ApiFailure } from '#src/api/failure';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The edit-contact machine's model (docs/guides/model-based-tests.md): in each state, what the
 * customer can do and what the API can answer. One machine for the traveler and the billing
 * address, so two variants with each use's data and values; the API's answers are the same.
 * Used by edit-contact.machine.test.ts, the coverage table and `npm run paths -- edit-contact`.
 */

type Machine = typeof editContactMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

/** A fresh test customer's active subscription (sandbox/seed/test-customers.ts). */
export const id = 'sub-test-0000-active';

export const travelerData: EditContactData = {
  kind: 'traveler',
  number: 'S-D100001',
  travelerMustBeSubscriber: false,
  paysByDirectDebit: false,
  orderId: 'order-1',
  current: { isTraveler: true, firstName: 'Tessa', lastName: 'Probst', gender: 'Female', birthdate: '1980-05-17' },
};
export const travelerValues: EditContactValues = {
  kind: 'traveler',
  traveler: { isTraveler: false, firstName: 'Jonas', lastName: 'Probst', gender: 'Male', birthdate: '2012-03-15' },
};

export const billingData: EditContactData = {
  kind: 'billingAddress',
  number: 'S-D100001',
  namesChangeable: true,
  current: {
    gender: 'Female',
    firstName: 'Tessa',
    lastName: 'Probst',
    birthdate: '1980-05-17',
    zipCode: '50667',
    city: 'Köln',
    street: 'Testweg',
    houseNumber: '1',
    country: 'DE',
  },
};
export const billingValues: EditContactValues = {
  kind: 'billingAddress',
  contact: { ...billingData.current, zipCode: '10115', city: 'Berlin', street: 'Invalidenstraße', houseNumber: '117' },
};

export const { done, failed } = actorResults(editContactMachine);

/** The API's answers as the app's actors reject with them (src/api/failure.ts), and a network failure. */
export const invalidZip = new ApiFailure(400, {
  status: 400,
  code: 'validationFailed',
  title: 'The request has invalid fields',
  errors: [{ field: 'zipCode', code: 'countryFormat' }],
});
export const subscriptionEnded = new ApiFailure(400, { status: 400, code: 'subscriptionNotActive', title: 'The subscription has ended' });
export const conflict = new ApiFailure(409, { status: 409, code: 'orderNotChangeable', title: 'Changed meanwhile' });
export const notFound = new ApiFailure(404, { status: 404, code: 'notFound', title: 'No such subscription' });
export const serverError = new ApiFailure(500, { status: 500, title: 'Internal Server Error' });
export const offline = new TypeError('Failed to fetch');

function eventsWith(data: EditContactData, values: EditContactValues) {
  return (snapshot: Snapshot): Event[] => {
    if (snapshot.matches('loading')) return [done('load', data), failed('load', serverError), failed('load', notFound), failed('load', offline)];
    if (snapshot.matches('loadFailed')) return [{ type: 'load.retry' }, { type: 'edit.cancel' }];
    if (snapshot.matches('ready')) return [{ type: 'changes.save', values }, { type: 'edit.cancel' }];
    if (snapshot.matches('saving')) {
      return [
        done('save', undefined),
        failed('save', invalidZip),
        failed('save', conflict),
        failed('save', subscriptionEnded),
        failed('save', notFound),
        failed('save', serverError),
        failed('save', offline),
        // A second press while saving: not taken (one request).
        { type: 'changes.save', values },
      ];
    }
    return [];
  };
}

/** What decides the next events and what is shown: the state, the error and whether fields are marked. */
export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.error ?? null, snapshot.context.fieldErrors.length > 0, snapshot.context.data?.kind ?? null]);

export const machine = withInput(editContactMachine, { id });

export const editContactModel: MachineModel<Machine> = {
  file: 'machines/edit-contact/edit-contact.machine.ts',
  machine: editContactMachine,
  variants: [
    { name: 'traveler', machine, events: eventsWith(travelerData, travelerValues), serialize },
    { name: 'billingAddress', machine, events: eventsWith(billingData, billingValues), serialize },
  ],
};
