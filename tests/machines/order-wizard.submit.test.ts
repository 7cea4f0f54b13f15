// @vitest-environment node
import { isOrderSubmitted, selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
import { messageKeys } from '#src/domain/failure';
import { failingWith, fillSteps, settled, wizard } from './order-wizard.fakes';
import { account, accepted, autoSignInCode, companyOf, inputOf, password, submit } from './order-wizard.model';

/**
 * The order wizard's submission with fake actors (SPEC.md 4.1, 7.1, 8, 9): register once, sign in
 * with the code, submit at most twice with one key, and the page that follows.
 */

describe('order wizard machine, submit and retry (SPEC.md 7.1, 8, 9)', () => {
  it('a 400 is never retried: one attempt, submittingError400, a new key for the corrected order', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false), { submitOrder: failingWith(400) });
    await fillSteps(actor, 'deuti', false);
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('summary');
    expect(snapshot.context.error).toBe('submittingError400');
    expect(snapshot.context.error).toBe(messageKeys.orderSubmit({ status: 400 }));
    expect(calls.submitOrder).toHaveLength(1);
    expect(snapshot.context.submitKey).toBe('submit-key.2');
    expect(isOrderSubmitted(snapshot)).toBe(false);
    expect(calls.paymentPage).toEqual([]);
  });

  it('a 500 and then success: 2 attempts with the same key and the same payload, then the payment page', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false), { submitOrder: failingWith(500) });
    await fillSteps(actor, 'deuti', false);
    actor.send(submit);
    expect(isOrderSubmitted(actor.getSnapshot())).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.status).toBe('done');
    expect(calls.submitOrder).toHaveLength(2);
    expect(calls.submitOrder[1]).toEqual(calls.submitOrder[0]);
    expect(calls.submitOrder[0]?.idempotencyKey).toBe('submit-key');
    expect(snapshot.output).toEqual({ orderNumber: 'O-2026-1', skipPayment: false });
    expect(calls).toMatchObject({ paymentPage: ['O-2026-1'], confirmationPage: [] });
  });

  it('a 500 twice: 2 attempts, then submittingError; the key stays for the next try', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false), { submitOrder: failingWith(500, 503, 500) });
    await fillSteps(actor, 'deuti', false);
    const before = actor.getSnapshot().context.data;
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.context.error).toBe('submittingError');
    expect(snapshot.context.error).toBe(messageKeys.orderSubmit({ status: 500 }));
    expect(calls.submitOrder).toHaveLength(2);
    expect(snapshot.context.submitKey).toBe('submit-key');
    expect(snapshot.context.data).toEqual({ ...before, summary: accepted });
    expect(selectOrderWizardView(snapshot).isOrderSubmitted).toBe(false);
  });

  it('a network failure twice counts as submittingError as well', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false), {
      submitOrder: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await fillSteps(actor, 'deuti', false);
    actor.send(submit);
    expect((await settled(actor)).context.error).toBe('submittingError');
    expect(calls.submitOrder).toHaveLength(2);
  });

  it('registration done, submit failed, retried: no second registration, no second sign-in', async () => {
    const { actor, calls } = wizard(inputOf('joti', true), { submitOrder: failingWith(500, 500) });
    await fillSteps(actor, 'joti', true);
    actor.send(submit);
    let snapshot = await settled(actor);
    expect(snapshot.context.error).toBe('submittingError');
    expect(snapshot.context.userId).toBe('user-1');
    expect(selectOrderWizardView(snapshot).steps).not.toContain('account');
    actor.send(submit);
    snapshot = await settled(actor);
    expect(snapshot.status).toBe('done');
    expect(calls.register).toHaveLength(1);
    expect(calls.autoSignIn).toEqual([autoSignInCode]);
    expect(calls.submitOrder).toHaveLength(3);
    expect(new Set(calls.submitOrder.map((call) => call.idempotencyKey))).toEqual(new Set(['submit-key']));
  });

  it('registers before the order with the account, company, product and register key', async () => {
    const { actor, calls } = wizard({ ...inputOf('joti', true), affiliate: 'partner-7' });
    await fillSteps(actor, 'joti', true);
    actor.send(submit);
    await settled(actor);
    expect(calls.register).toEqual([
      {
        account: { mailAddress: account.mailAddress, password, isPrivacyStatementAccepted: true, isMarketingInformationAccepted: false },
        companyId: 'TDX9960',
        product: 'joti',
        affiliate: 'partner-7',
        idempotencyKey: 'register-key',
      },
    ]);
    expect(calls.submitOrder[0]?.payload.affiliate).toBe('partner-7');
  });

  it('a taken address goes back to the account step with mailAddressAlreadyExists; the next try has a new key', async () => {
    let first = true;
    const { actor, calls } = wizard(inputOf('deuti', true), {
      register: async () => {
        if (first) {
          first = false;
          throw { status: 409, code: 'mailAddressAlreadyExists' };
        }
        return { userId: 'user-2', autoSignInCode };
      },
    });
    await fillSteps(actor, 'deuti', true);
    actor.send(submit);
    let snapshot = await settled(actor);
    expect(snapshot.value).toBe('account');
    expect(snapshot.context.error).toBe('mailAddressAlreadyExists');
    expect(snapshot.context.data.account?.mailAddress).toBe(account.mailAddress);
    actor.send({ type: 'step.next', step: 'account', values: { ...account, mailAddress: 'erika.m@example.com' } });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    actor.send(submit);
    snapshot = await settled(actor);
    expect(snapshot.status).toBe('done');
    expect(calls.register.map((call) => [call.account.mailAddress, call.idempotencyKey])).toEqual([
      ['erika@example.com', 'register-key'],
      ['erika.m@example.com', 'register-key.2'],
    ]);
  });

  it.each([
    [{ status: 500 }, 'register-key'],
    [{ status: 409, code: 'idempotencyKeyInFlight' }, 'register-key'],
    [{ status: 400, code: 'validationFailed' }, 'register-key.2'],
  ])('a failed registration (%j) shows registerFailed on the summary; key afterwards %s', async (error, key) => {
    const { actor } = wizard(inputOf('deuti', true), {
      register: async () => {
        throw error;
      },
    });
    await fillSteps(actor, 'deuti', true);
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('summary');
    expect(snapshot.context.error).toBe('registerFailed');
    expect(snapshot.context.registerKey).toBe(key);
  });

  it('a failed auto sign-in keeps the registration; trying again signs in and orders', async () => {
    let first = true;
    const { actor, calls } = wizard(inputOf('deuti', true), {
      autoSignIn: async () => {
        if (first) {
          first = false;
          throw new Error('network');
        }
        return {};
      },
    });
    await fillSteps(actor, 'deuti', true);
    actor.send(submit);
    let snapshot = await settled(actor);
    expect(snapshot.context.error).toBe('autoSignInFailed');
    expect(isOrderSubmitted(snapshot)).toBe(false);
    expect(selectOrderWizardView(snapshot).canSubmitOrder).toBe(true);
    actor.send(submit);
    snapshot = await settled(actor);
    expect(snapshot.status).toBe('done');
    expect(calls.register).toHaveLength(1);
    expect(calls.autoSignIn).toEqual([autoSignInCode, autoSignInCode]);
  });

  it.each([
    ['joti', companyOf.joti[1]!, true],
    ['joti', companyOf.joti[0]!, false],
    ['seti', companyOf.seti[0]!, true],
  ] as const)('%s %o: skipPayment %s picks the confirmation or the payment page (SPEC.md 4.1)', async (product, company, skip) => {
    const { actor, calls } = wizard(inputOf(product, false));
    await fillSteps(actor, product, false, { company });
    actor.send(submit);
    const snapshot = await settled(actor);
    expect(snapshot.output).toEqual({ orderNumber: 'O-2026-1', skipPayment: skip });
    expect(calls.confirmationPage).toEqual(skip ? ['O-2026-1'] : []);
    expect(calls.paymentPage).toEqual(skip ? [] : ['O-2026-1']);
  });
});
