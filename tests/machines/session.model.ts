import type { EventFromLogic, SnapshotFrom } from 'xstate';

import { sessionMachine } from '#machines/session/session.machine';
import { actorResults } from '#tools/machines/actor-results';
import type { MachineModel } from '#tools/machines/model-coverage';

/**
 * The session machine's model (docs/guides/model-based-tests.md): what can happen in each state,
 * the customer's events and the actors' results. Used by session.machine.test.ts, by the coverage
 * table (coverage.test.ts) and by `npm run paths -- session`.
 */

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Event = EventFromLogic<typeof sessionMachine>;

export const later = 2_000_000_000;
export const { done, failed } = actorResults(sessionMachine);

function eventsFor(snapshot: Snapshot): Event[] {
  switch (snapshot.value) {
    case 'initializing':
      return [done('readSession', { expiresAt: later }), done('readSession', { expiresAt: undefined }), failed('readSession', new Error('cookie'))];
    case 'signedOut':
      return [
        { type: 'session.signIn', returnTo: '/app/dashboard/tickets' },
        { type: 'session.callback', url: 'http://localhost/app/oauth/callback?code=c&state=s' },
        { type: 'session.autoSignIn', code: 'auto', returnTo: '/app/order' },
      ];
    case 'authorizing':
      return [failed('startAuthorization', new Error('storage'))];
    case 'exchangingCode':
      return [done('exchangeCode', { expiresAt: later, returnTo: '/app/dashboard' }), failed('exchangeCode', { code: 'callbackRefused' })];
    case 'autoSigningIn':
      return [done('autoSignIn', { expiresAt: later }), failed('autoSignIn', new Error('used'))];
    case 'signedIn':
      return [
        { type: 'session.refresh' },
        { type: 'session.signOut' },
        { type: 'session.ended' },
        { type: 'session.callback', url: 'http://localhost/app/oauth/callback?code=c2&state=s2' },
      ];
    case 'refreshing':
      return [done('refreshSession', { expiresAt: later + 900 }), failed('refreshSession', new Error('invalid_grant'))];
    case 'signingOut':
      return [done('signOut', undefined), failed('signOut', new Error('offline'))];
    case 'failed':
      return [
        { type: 'session.signIn' },
        { type: 'session.callback', url: 'http://localhost/app/oauth/callback?code=c&state=s' },
        { type: 'session.autoSignIn', code: 'auto' },
        { type: 'session.dismissError' },
      ];
    default:
      return [];
  }
}

export const sessionModel: MachineModel<typeof sessionMachine> = {
  file: 'machines/session/session.machine.ts',
  machine: sessionMachine,
  variants: [
    {
      name: 'browser',
      machine: sessionMachine,
      events: eventsFor,
      serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.expiresAt !== undefined, snapshot.context.error ?? null]),
    },
  ],
};
