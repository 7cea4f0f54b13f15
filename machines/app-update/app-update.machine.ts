import { assign, fromPromise, setup } from 'xstate';

/**
 * A new version of the portal, offered and never forced (issue 29, item 3; decision 25). The
 * service worker (src/worker/sw.ts) installs a new version in the background; it waits until the
 * customer says "reload" here. Nothing reloads a page by itself, so no form loses what was typed
 * in the middle of it, and the order wizard's draft (sessionStorage) is there after the reload.
 * The machine knows no service worker: the app provides the actors and the reload
 * (src/flows/app-update/app-update.actors.ts).
 */

export type AppUpdateErrorCode = 'activationFailed';

export interface AppUpdateContext {
  error: AppUpdateErrorCode | undefined;
}

export type AppUpdateEvent = { type: 'update.waiting' } | { type: 'update.accept' } | { type: 'update.dismiss' } | { type: 'update.takenOverElsewhere' };

export const appUpdateMachine = setup({
  types: {
    context: {} as AppUpdateContext,
    events: {} as AppUpdateEvent,
  },
  actors: {
    /** Tells the waiting version to take over and settles once it controls this page. */
    activateWaiting: fromPromise<void>(async () => undefined),
  },
  actions: {
    /** Loads the page again, now from the new version. */
    reloadPage: () => undefined,
  },
}).createMachine({
  id: 'appUpdate',
  description: 'The portal in this tab and a newer version of it: offered to the customer, taken when they say so.',
  meta: { spec: 'SPEC.md 4.8; issue 29, item 3; docs/decisions/0025-installable-portal-and-offline-ticket.md' },
  context: { error: undefined },
  initial: 'current',
  states: {
    current: {
      description: 'No newer version is waiting: nothing is shown.',
      meta: { spec: 'SPEC.md 4.8; issue 29, item 3' },
      on: {
        'update.waiting': { target: 'offered' },
        'update.takenOverElsewhere': { target: 'takenOverElsewhere' },
      },
    },
    offered: {
      description: '"New version available – reload" is shown; the page goes on working until the customer chooses.',
      meta: { spec: 'SPEC.md 4.8; issue 29, item 3 (never forced in the middle of a form)' },
      on: {
        'update.accept': { target: 'activating', actions: assign({ error: undefined }) },
        'update.dismiss': { target: 'dismissed', actions: assign({ error: undefined }) },
        'update.takenOverElsewhere': { target: 'takenOverElsewhere', actions: assign({ error: undefined }) },
      },
    },
    activating: {
      description: 'The new version takes over; the page reloads once it controls the page.',
      meta: { spec: 'SPEC.md 4.8 (a button in loading state ignores clicks); issue 29, item 3' },
      invoke: {
        id: 'activateWaiting',
        src: 'activateWaiting',
        onDone: { target: 'reloading' },
        onError: { target: 'offered', actions: assign({ error: 'activationFailed' }) },
      },
    },
    reloading: {
      description: 'The page loads again from the new version; a wizard draft is kept in the tab and restored.',
      meta: { spec: 'SPEC.md 4.1, 4.8; issue 29, item 3 (a wizard draft survives the reload)' },
      entry: 'reloadPage',
      type: 'final',
    },
    dismissed: {
      description: '"Later": the prompt goes; the new version takes over when every tab of the portal is closed, or is offered again.',
      meta: { spec: 'SPEC.md 4.8; issue 29, item 3' },
      on: {
        'update.waiting': { target: 'offered' },
        'update.takenOverElsewhere': { target: 'takenOverElsewhere' },
      },
    },
    takenOverElsewhere: {
      description: 'Another tab took the new version: this page runs the old one and offers to reload (it is not reloaded for the customer).',
      meta: { spec: 'SPEC.md 4.8; issue 29 (two tabs and the update)' },
      on: {
        'update.accept': { target: 'reloading' },
        'update.dismiss': { target: 'dismissed' },
      },
    },
  },
});
