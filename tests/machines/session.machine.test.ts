// @vitest-environment node
import { type EventFromLogic, getNextSnapshot, type SnapshotFrom } from 'xstate';

import { sessionMachine } from '../../machines/session/session.machine';
import { exploreModel, formatCoverage, replayPath } from './model-coverage';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Event = EventFromLogic<typeof sessionMachine>;

const later = 2_000_000_000;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as Event;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as unknown as Event;

/** What can happen in each state: the customer's events and the actors' results. */
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
      return [{ type: 'session.refresh' }, { type: 'session.signOut' }, { type: 'session.ended' }, { type: 'session.callback', url: 'http://localhost/app/oauth/callback?code=c2&state=s2' }];
    case 'refreshing':
      return [done('refreshSession', { expiresAt: later + 900 }), failed('refreshSession', new Error('invalid_grant'))];
    case 'signingOut':
      return [done('signOut', undefined), failed('signOut', new Error('offline'))];
    case 'failed':
      return [{ type: 'session.signIn' }, { type: 'session.callback', url: 'http://localhost/app/oauth/callback?code=c&state=s' }, { type: 'session.dismissError' }];
    default:
      return [];
  }
}

/** Invariants that hold in a state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { expiresAt, error } = snapshot.context;
  if (snapshot.matches('signedIn') || snapshot.matches('refreshing')) {
    expect(expiresAt).toBeGreaterThan(0);
    expect(error).toBeUndefined();
  }
  if (snapshot.matches('signedOut')) {
    expect(expiresAt).toBeUndefined();
    expect(error).toBeUndefined();
  }
  if (snapshot.matches('failed')) expect(error).toBeDefined();
  if (snapshot.matches('authorizing')) expect(expiresAt).toBeUndefined();
  // Single flight: while a refresh runs, another refresh request starts nothing new.
  if (snapshot.matches('refreshing')) expect(snapshot.can({ type: 'session.refresh' })).toBe(false);
}

const run = exploreModel({
  name: 'session',
  machine: sessionMachine,
  events: eventsFor,
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.expiresAt !== undefined, snapshot.context.error ?? null]),
});

describe('session machine, model-based (xstate/graph)', () => {
  it('reaches every state and every transition', () => {
    console.log(formatCoverage(run.coverage));
    expect(run.coverage.states.missing).toEqual([]);
    expect(run.coverage.transitions.missing).toEqual([]);
  });

  it.each(run.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    const initial = sessionMachine.resolveState({ value: 'initializing', context: { expiresAt: undefined, returnTo: undefined, error: undefined } });
    replayPath(sessionMachine, path, initial, (snapshot) => checkInvariants(snapshot));
  });
});

describe('session machine, behaviour', () => {
  it('keeps where the customer was through a failed refresh, and goes back there after signing in again', () => {
    let snapshot = sessionMachine.resolveState({ value: 'signedIn', context: { expiresAt: later, returnTo: '/app/dashboard/tickets', error: undefined } });
    snapshot = getNextSnapshot(sessionMachine, snapshot, { type: 'session.refresh' });
    snapshot = getNextSnapshot(sessionMachine, snapshot, failed('refreshSession', new Error('invalid_grant')));
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context).toMatchObject({ error: 'refreshFailed', returnTo: '/app/dashboard/tickets', expiresAt: undefined });
    snapshot = getNextSnapshot(sessionMachine, snapshot, { type: 'session.signIn' });
    expect(snapshot.value).toBe('authorizing');
    expect(snapshot.context.returnTo).toBe('/app/dashboard/tickets');
  });

  it('takes the error code an exchange failure carries', () => {
    let snapshot = sessionMachine.resolveState({ value: 'signedOut', context: { expiresAt: undefined, returnTo: undefined, error: undefined } });
    snapshot = getNextSnapshot(sessionMachine, snapshot, { type: 'session.callback', url: 'x' });
    snapshot = getNextSnapshot(sessionMachine, snapshot, failed('exchangeCode', { code: 'callbackRefused' }));
    expect(snapshot.context.error).toBe('callbackRefused');
    snapshot = getNextSnapshot(sessionMachine, sessionMachine.resolveState({ value: 'exchangingCode', context: snapshot.context }), failed('exchangeCode', new Error('network')));
    expect(snapshot.context.error).toBe('exchangeFailed');
  });
});
