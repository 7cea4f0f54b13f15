// @vitest-environment node
import { createActor, fromPromise, type InspectionEvent, waitFor } from 'xstate';

import { changeEmailMachine } from '#machines/change-email/change-email.machine';
import { type SubscriptionToWithdraw, withdrawTerminationMachine } from '#machines/withdraw-termination/withdraw-termination.machine';
import { actorResults } from '#tools/machines/actor-results';

const withdrawable: SubscriptionToWithdraw = { canWithdrawTermination: true, terminateDate: '2026-12-31', monthlyPrice: 63 };

describe('actorResults: done/failed typed against the machine', () => {
  const { done, failed } = actorResults(withdrawTerminationMachine);

  it('compiles only for the machine’s actors with their outputs (tsc checks the lines marked @ts-expect-error)', () => {
    // @ts-expect-error -- no actor of that name
    expect(() => done('noSuchActor', withdrawable)).toThrow(/no state invokes 'noSuchActor'/);
    // @ts-expect-error -- not the actor's output
    done('loadSubscription', { canWithdraw: true });
    // @ts-expect-error -- the output is required where the actor resolves with a value
    done('loadSubscription');
    // @ts-expect-error -- a void actor resolves with nothing
    done('withdrawTermination', withdrawable);
    // @ts-expect-error -- no actor of that name
    expect(() => failed('withdraw', new Error('x'))).toThrow(/no state invokes 'withdraw'/);

    const { done: doneChangingEmail } = actorResults(changeEmailMachine, {
      checkCanChangeEmail: 'checkCanChangeEmail',
      sendCode: 'sendCode',
      changeEmail: 'changeEmail',
      resendCode: 'sendCode',
    });
    expect(doneChangingEmail('resendCode').type).toBe('xstate.done.actor.resendCode');
    // @ts-expect-error -- with the invokes listed, the ids are those listed
    expect(() => doneChangingEmail('sendCodeAgain')).toThrow(/no state invokes 'sendCodeAgain'/);
    // @ts-expect-error -- the model lists an invoke of an actor the machine does not have
    expect(() => actorResults(changeEmailMachine, { resendCode: 'sendCodeAgain' })).toThrow(/the machine has no resendCode|sendCodeAgain/);
  });

  it('builds the events xstate itself sends when an invoked actor resolves or rejects', async () => {
    const received: unknown[] = [];
    const inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.event' && /^xstate\.(done|error)\.actor\./.test(event.event.type)) received.push(event.event);
    };
    const failure = new Error('offline');
    const machine = withdrawTerminationMachine.provide({
      actors: {
        loadSubscription: fromPromise(async () => withdrawable),
        withdrawTermination: fromPromise<void, { subscriptionId: string }>(async () => {
          throw failure;
        }),
      },
    });
    const actor = createActor(machine, { input: { subscriptionId: 'sub-1' }, inspect }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'withdrawal.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.error === 'withdrawFailed');
    actor.stop();

    expect(received).toEqual([done('loadSubscription', withdrawable), failed('withdrawTermination', failure)]);
  });

  it('refuses a machine whose invokes the model names otherwise', () => {
    expect(() => actorResults(changeEmailMachine)).toThrow(/resendCode: sendCode/);
    expect(() => actorResults(changeEmailMachine, { checkCanChangeEmail: 'checkCanChangeEmail', sendCode: 'sendCode', changeEmail: 'changeEmail' })).toThrow(
      /the machine has resendCode: sendCode, the model no resendCode/,
    );
  });
});
