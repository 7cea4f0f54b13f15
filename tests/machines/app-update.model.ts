import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { appUpdateMachine } from '#machines/app-update/app-update.machine';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The app-update machine's model (docs/guides/model-based-tests.md): the service worker's news
 * (a version waiting, another tab took it), the customer's answers, and the activation's outcome.
 * Used by app-update.machine.test.ts, the coverage table and `npm run paths -- app-update`.
 */

type Machine = typeof appUpdateMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const { done, failed } = actorResults(appUpdateMachine);

export function eventsFor(snapshot: Snapshot): Event[] {
  if (snapshot.matches('current') || snapshot.matches('dismissed')) return [{ type: 'update.waiting' }, { type: 'update.takenOverElsewhere' }];
  if (snapshot.matches('offered')) return [{ type: 'update.accept' }, { type: 'update.dismiss' }, { type: 'update.takenOverElsewhere' }];
  if (snapshot.matches('activating')) return [done('activateWaiting'), failed('activateWaiting', new Error('the new version did not take over'))];
  if (snapshot.matches('takenOverElsewhere')) return [{ type: 'update.accept' }, { type: 'update.dismiss' }];
  return [];
}

/** A failed activation's message is another model state than a fresh offer. */
export const serialize = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.error ?? null]);

export const appUpdateModel: MachineModel<Machine> = {
  file: 'machines/app-update/app-update.machine.ts',
  machine: appUpdateMachine,
  variants: [{ name: 'default', machine: appUpdateMachine, events: eventsFor, serialize }],
};
