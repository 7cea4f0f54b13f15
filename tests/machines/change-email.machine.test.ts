// @vitest-environment node
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';

import { changeEmailMachine, type EmailChangeCheck } from '#machines/change-email/change-email.machine';
import { selectChangeEmailView } from '#machines/change-email/change-email.selectors';
import { resendCooldownSeconds } from '#src/domain/change-email';
import { messageKeys } from '#src/domain/failure';
import { replayPath, runModel } from '#tools/machines/model-coverage';
import {
  allowed,
  changeEmailModel,
  forbidden,
  inUse,
  invalidCode,
  machine,
  newEmail,
  notAllowed,
  offline,
  serverError,
  tooManyAttempts,
} from './change-email.model';

type Snapshot = SnapshotFrom<typeof changeEmailMachine>;

/** What holds in every state however it was reached. */
function checkInvariants(snapshot: Snapshot): void {
  const { context } = snapshot;
  const view = selectChangeEmailView(snapshot);

  // One request per press: a busy step does not take its event again.
  if (view.step === 'address') {
    expect(view.canSubmit).toBe(!view.sending);
    expect(view.currentEmail).toBe(allowed.currentEmail);
  }
  if (view.step === 'code') {
    expect(view.canConfirm).toBe(!view.confirming && !view.resending);
    expect(view.canResend).toBe(snapshot.matches({ code: { resend: 'available' } }) && !view.confirming);
    expect(view.canChangeAddress).toBe(view.canConfirm);
    // A code only exists for an address that was sent.
    expect(view.newEmail).toBe(newEmail);
  }
  if (snapshot.matches('sendingCode') || snapshot.matches('code') || snapshot.matches('done')) expect(context.newEmail).toBe(newEmail);

  // Each code belongs to the step that shows it.
  expect(context.error === 'loadFailed').toBe(snapshot.matches('loadFailed'));
  if (context.error === 'sendCodeFailed') expect(snapshot.matches('address')).toBe(true);
  if (context.error === 'emailChangeFailed' || context.error === 'resendFailed') expect(snapshot.matches('code')).toBe(true);
  if (context.addressError !== undefined) expect(snapshot.matches('address')).toBe(true);
  if (context.codeError !== undefined) expect(snapshot.matches({ code: { confirmation: 'editing' } })).toBe(true);
  // SPEC.md 8: the address in use is alreadyExists, the catalogue's key for that answer.
  if (context.addressError === 'alreadyExists') expect(messageKeys.emailChange(inUse)).toBe('alreadyExists');

  // The two ends: the tickets page after a change, the explanation when it is not possible.
  expect(snapshot.status === 'done').toBe(snapshot.matches('done') || snapshot.matches('notAllowed'));
  if (snapshot.matches('notAllowed')) expect(view).toEqual({ step: 'notAllowed' });
  if (snapshot.matches('checking')) expect(view).toEqual({ step: 'loading' });
  if (snapshot.matches('loadFailed')) expect(view).toEqual({ step: 'loadFailed', canRetry: true });
}

const [run] = runModel(changeEmailModel).runs;

describe('change-email machine, model-based (xstate/graph)', () => {
  it('reaches the tickets page and the not-possible screen', () => {
    const ends = run!.paths.map((path) => path.steps.map((step) => step.event.type).join(' → '));
    expect(ends).toContain(
      'xstate.init → xstate.done.actor.checkCanChangeEmail → address.submit → xstate.done.actor.sendCode → code.submit → xstate.done.actor.changeEmail',
    );
    expect(ends).toContain('xstate.init → xstate.done.actor.checkCanChangeEmail');
    expect(run!.coverage.states.missing).toEqual([]);
    expect(run!.coverage.transitions.missing).toEqual([]);
  });

  it.each(run!.paths.map((path) => [path.steps.map((step) => step.event.type).join(' → '), path] as const))('path %s keeps the invariants', (_name, path) => {
    replayPath(machine, path, createActor(machine).getSnapshot(), (snapshot) => checkInvariants(snapshot));
  });
});

/** The machine with fake actors and a recording tickets page, run as the app runs it. */
function start(options: { check?: () => Promise<EmailChangeCheck>; send?: () => Promise<void>; change?: () => Promise<void> } = {}) {
  const calls = { check: 0, send: [] as string[], change: [] as { newEmail: string; code: string }[], ticketsPage: [] as string[] };
  const actor = createActor(
    changeEmailMachine.provide({
      actors: {
        checkCanChangeEmail: fromPromise(async () => {
          calls.check += 1;
          return options.check ? options.check() : allowed;
        }),
        sendCode: fromPromise(async ({ input }) => {
          calls.send.push(input.newEmail);
          return options.send ? options.send() : undefined;
        }),
        changeEmail: fromPromise(async ({ input }) => {
          calls.change.push(input);
          return options.change ? options.change() : undefined;
        }),
      },
      actions: { showTicketsPage: (_, params) => void calls.ticketsPage.push(params.newEmail) },
    }),
  );
  actor.start();
  return { actor, calls };
}

const inCode = (snapshot: Snapshot) => snapshot.matches({ code: { confirmation: 'editing' } });

describe('change-email machine, behaviour', () => {
  afterEach(() => vi.useRealTimers());

  it('sends one code and one confirmation however often the customer presses, then the tickets page with the new address', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    actor.send({ type: 'address.submit', newEmail });
    actor.send({ type: 'address.submit', newEmail });
    await waitFor(actor, inCode);
    actor.send({ type: 'code.submit', code: '123456' });
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual({ check: 1, send: [newEmail], change: [{ newEmail, code: '123456' }], ticketsPage: [newEmail] });
  });

  it('the current address is refused at the field without a request (sameAsCurrent)', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    actor.send({ type: 'address.submit', newEmail: 'KIM@example.com' });
    const view = selectChangeEmailView(actor.getSnapshot());
    expect(view).toMatchObject({ step: 'address', addressError: 'sameAsCurrent', newEmail: 'KIM@example.com', canSubmit: true });
    expect(calls.send).toEqual([]);
  });

  it('an account whose address cannot change gets the explanation and sends nothing', async () => {
    const { actor, calls } = start({ check: async () => notAllowed });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectChangeEmailView(end)).toEqual({ step: 'notAllowed' });
    expect(end.can({ type: 'address.submit', newEmail })).toBe(false);
    expect(calls.send).toEqual([]);
  });

  it('a failed pre-check offers a retry, which checks again', async () => {
    let answer: () => Promise<EmailChangeCheck> = () => Promise.reject(serverError);
    const { actor, calls } = start({ check: () => answer() });
    expect(selectChangeEmailView(await waitFor(actor, (snapshot) => snapshot.matches('loadFailed')))).toEqual({ step: 'loadFailed', canRetry: true });
    answer = async () => allowed;
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    expect(calls.check).toBe(2);
  });

  it('an address in use is alreadyExists at the field (SPEC.md 8), the address kept; another failure is the alert', async () => {
    let answer: () => Promise<void> = () => Promise.reject(inUse);
    const { actor } = start({ send: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    actor.send({ type: 'address.submit', newEmail: 'deuti@example.com' });
    const refused = await waitFor(actor, (snapshot) => snapshot.matches('address') && snapshot.context.addressError !== undefined);
    expect(selectChangeEmailView(refused)).toMatchObject({
      step: 'address',
      newEmail: 'deuti@example.com',
      addressError: messageKeys.emailChange(inUse),
      failed: false,
    });
    answer = () => Promise.reject(offline);
    actor.send({ type: 'address.submit', newEmail });
    const failedOnce = await waitFor(actor, (snapshot) => snapshot.matches('address') && snapshot.context.error !== undefined);
    expect(selectChangeEmailView(failedOnce)).toMatchObject({ step: 'address', newEmail, addressError: undefined, failed: true });
  });

  it('a wrong, expired or used-up code is invalidCode at the field, the code kept; the next try is sent', async () => {
    let answer: () => Promise<void> = () => Promise.reject(invalidCode);
    const { actor, calls } = start({ change: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    actor.send({ type: 'address.submit', newEmail });
    await waitFor(actor, inCode);
    actor.send({ type: 'code.submit', code: '000000' });
    const wrong = await waitFor(actor, (snapshot) => inCode(snapshot) && snapshot.context.codeError !== undefined);
    expect(selectChangeEmailView(wrong)).toMatchObject({ step: 'code', code: '000000', codeError: 'invalidCode', error: undefined, canConfirm: true });
    answer = () => Promise.reject(serverError);
    actor.send({ type: 'code.submit', code: '123456' });
    const failedOnce = await waitFor(actor, (snapshot) => inCode(snapshot) && snapshot.context.error !== undefined);
    expect(selectChangeEmailView(failedOnce)).toMatchObject({
      step: 'code',
      code: '123456',
      codeError: undefined,
      error: messageKeys.emailChange(serverError),
    });
    answer = async () => undefined;
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.change).toHaveLength(3);
    expect(calls.ticketsPage).toEqual([newEmail]);
  });

  it('429 (decision 28): too many codes sent keeps the address, too many wrong codes keeps the code; both say when to try again', async () => {
    const { actor } = start({ send: () => Promise.reject(tooManyAttempts) });
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    actor.send({ type: 'address.submit', newEmail });
    const sendRefused = await waitFor(actor, (snapshot) => snapshot.matches('address') && snapshot.context.error !== undefined);
    expect(selectChangeEmailView(sendRefused)).toMatchObject({
      step: 'address',
      newEmail,
      failed: false,
      tooManyAttempts: true,
      retryAt: tooManyAttempts.retryAt,
    });

    const confirming = start({ change: () => Promise.reject(tooManyAttempts) });
    await waitFor(confirming.actor, (snapshot) => snapshot.matches('address'));
    confirming.actor.send({ type: 'address.submit', newEmail });
    await waitFor(confirming.actor, inCode);
    confirming.actor.send({ type: 'code.submit', code: '123456' });
    const codeRefused = await waitFor(confirming.actor, (snapshot) => inCode(snapshot) && snapshot.context.error !== undefined);
    expect(selectChangeEmailView(codeRefused)).toMatchObject({
      step: 'code',
      code: '123456',
      codeError: undefined,
      error: 'tooManyAttempts',
      retryAt: tooManyAttempts.retryAt,
    });
  });

  it('the address taken meanwhile sends the customer back to it with alreadyExists; a 403 ends on the explanation', async () => {
    let answer: () => Promise<void> = () => Promise.reject(inUse);
    const { actor } = start({ change: () => answer() });
    await waitFor(actor, (snapshot) => snapshot.matches('address'));
    actor.send({ type: 'address.submit', newEmail });
    await waitFor(actor, inCode);
    actor.send({ type: 'code.submit', code: '123456' });
    const back = await waitFor(actor, (snapshot) => snapshot.matches('address'));
    expect(selectChangeEmailView(back)).toMatchObject({ step: 'address', newEmail, addressError: 'alreadyExists' });
    answer = () => Promise.reject(forbidden);
    actor.send({ type: 'address.submit', newEmail });
    await waitFor(actor, inCode);
    actor.send({ type: 'code.submit', code: '123456' });
    expect((await waitFor(actor, (snapshot) => snapshot.status === 'done')).value).toBe('notAllowed');
  });

  it('a new code only after the short wait, one per press; meanwhile the code cannot be confirmed; the address can be changed, and is kept', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    const { actor, calls } = start({ send: () => (calls.send.length > 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()) });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('address')).toBe(true));
    actor.send({ type: 'address.submit', newEmail });
    await vi.waitFor(() => expect(inCode(actor.getSnapshot())).toBe(true));
    expect(selectChangeEmailView(actor.getSnapshot())).toMatchObject({ coolingDown: true, canResend: false });
    actor.send({ type: 'code.resend' });
    expect(calls.send).toHaveLength(1);

    vi.advanceTimersByTime(resendCooldownSeconds * 1000);
    expect(selectChangeEmailView(actor.getSnapshot())).toMatchObject({ coolingDown: false, canResend: true });
    actor.send({ type: 'code.resend' });
    actor.send({ type: 'code.resend' });
    expect(calls.send).toHaveLength(2);
    // The new code replaces the old one: no confirmation while it is on its way.
    actor.send({ type: 'code.submit', code: '123456' });
    expect(selectChangeEmailView(actor.getSnapshot())).toMatchObject({ resending: true, canConfirm: false, canChangeAddress: false });
    expect(calls.change).toEqual([]);
    release();
    await vi.waitFor(() => expect(actor.getSnapshot().context.codeResent).toBe(true));
    expect(selectChangeEmailView(actor.getSnapshot())).toMatchObject({ codeResent: true, coolingDown: true, canResend: false, canConfirm: true });

    actor.send({ type: 'address.edit' });
    expect(selectChangeEmailView(actor.getSnapshot())).toMatchObject({ step: 'address', newEmail, addressError: undefined, failed: false });
  });

  it('while the code is confirmed, no new code is requested', async () => {
    vi.useFakeTimers();
    let release: () => void = () => undefined;
    const { actor, calls } = start({ change: () => new Promise<void>((resolve) => (release = resolve)) });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('address')).toBe(true));
    actor.send({ type: 'address.submit', newEmail });
    await vi.waitFor(() => expect(inCode(actor.getSnapshot())).toBe(true));
    vi.advanceTimersByTime(resendCooldownSeconds * 1000);
    expect(selectChangeEmailView(actor.getSnapshot())).toMatchObject({ canResend: true });
    actor.send({ type: 'code.submit', code: '123456' });
    expect(selectChangeEmailView(actor.getSnapshot())).toMatchObject({ confirming: true, canResend: false });
    actor.send({ type: 'code.resend' });
    expect(calls.send).toHaveLength(1);
    release();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(calls.ticketsPage).toEqual([newEmail]);
  });
});
