// @vitest-environment node
import { getNextSnapshot, type SnapshotFrom } from 'xstate';

import { sessionMachine } from '#machines/session/session.machine';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import { failed, later, sessionModel } from './session.model';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

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

const [run] = runModel(sessionModel).runs;

describe('session machine, model-based (xstate/graph)', () => {
  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
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

  it('tries an auto sign-in code again after a failed attempt, without the old message', () => {
    let snapshot = sessionMachine.resolveState({ value: 'signedOut', context: { expiresAt: undefined, returnTo: undefined, error: undefined } });
    snapshot = getNextSnapshot(sessionMachine, snapshot, { type: 'session.autoSignIn', code: 'auto', returnTo: '/app/order' });
    snapshot = getNextSnapshot(sessionMachine, snapshot, failed('autoSignIn', new Error('500')));
    expect(snapshot.value).toBe('failed');
    snapshot = getNextSnapshot(sessionMachine, snapshot, { type: 'session.autoSignIn', code: 'auto' });
    expect(snapshot.value).toBe('autoSigningIn');
    expect(snapshot.context).toMatchObject({ error: undefined, returnTo: '/app/order' });
  });

  it('takes the error code an exchange failure carries', () => {
    let snapshot = sessionMachine.resolveState({ value: 'signedOut', context: { expiresAt: undefined, returnTo: undefined, error: undefined } });
    snapshot = getNextSnapshot(sessionMachine, snapshot, { type: 'session.callback', url: 'x' });
    snapshot = getNextSnapshot(sessionMachine, snapshot, failed('exchangeCode', { code: 'callbackRefused' }));
    expect(snapshot.context.error).toBe('callbackRefused');
    snapshot = getNextSnapshot(
      sessionMachine,
      sessionMachine.resolveState({ value: 'exchangingCode', context: snapshot.context }),
      failed('exchangeCode', new Error('network')),
    );
    expect(snapshot.context.error).toBe('exchangeFailed');
  });
});
