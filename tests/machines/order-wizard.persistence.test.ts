// @vitest-environment node
import { waitFor } from 'xstate';

import { type PersistedOrderWizard, toPersistable } from '#machines/order-wizard/order-wizard.persistence';
import { selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
import { fillSteps, nextStep, settled, wizard, type WizardActor } from './order-wizard.fakes';
import {
  account,
  autoSignInCode,
  billing,
  chosen,
  companyOf,
  currentMonth,
  inputOf,
  next,
  password,
  restored,
  startValues,
  submit,
} from './order-wizard.model';

/**
 * The order wizard's draft (docs/architecture.md#data-and-state; decision 14): what a reload keeps, what it drops (the
 * password, the auto sign-in code, what a form showed but did not store), and what the wizard asks
 * for after a restore.
 */

/** Persist as the app does (toPersistable, JSON in sessionStorage) and stop the old actor. */
function persist(actor: WizardActor): PersistedOrderWizard {
  const persisted: PersistedOrderWizard = JSON.parse(JSON.stringify(toPersistable(actor.getSnapshot())));
  actor.stop();
  return persisted;
}

describe('order wizard machine, persistence and restore (docs/architecture.md#data-and-state)', () => {
  it('a restored summary without the password goes to the account step with passwordNeededAgain', async () => {
    const { actor } = wizard(inputOf('deuti', true));
    await fillSteps(actor, 'deuti', true);
    const persisted = persist(actor);
    expect(JSON.stringify(persisted)).not.toContain(password);

    const restoredWizard = wizard(inputOf('deuti', true), {}, persisted);
    expect(restoredWizard.actor.getSnapshot().value).toBe('summary');
    expect(restoredWizard.actor.getSnapshot().can(submit)).toBe(false);
    restoredWizard.actor.send(restored(false));
    const snapshot = restoredWizard.actor.getSnapshot();
    expect(snapshot.value).toBe('account');
    expect(snapshot.context.error).toBe('passwordNeededAgain');
    expect(snapshot.context.data.account).toEqual({
      mailAddress: account.mailAddress,
      isPrivacyStatementAccepted: true,
      isMarketingInformationAccepted: false,
    });
    expect(snapshot.context.data.billing).toEqual(billing);

    restoredWizard.actor.send(next.account);
    restoredWizard.actor.send(submit);
    expect((await settled(restoredWizard.actor)).status).toBe('done');
    expect(restoredWizard.calls.register[0]?.account.password).toBe(password);
  });

  it('a registration in flight is persisted as the summary without its actor (the password is gone)', async () => {
    const { actor } = wizard(inputOf('deuti', true), { register: () => new Promise(() => {}) });
    await fillSteps(actor, 'deuti', true);
    actor.send(submit);
    expect(actor.getSnapshot().value).toBe('registering');
    const persisted = persist(actor);
    expect(persisted).toMatchObject({ value: 'summary' });
    expect(JSON.stringify(persisted)).not.toContain(password);
    const restoredWizard = wizard(inputOf('deuti', true), {}, persisted);
    restoredWizard.actor.send(restored(false));
    expect(restoredWizard.actor.getSnapshot().value).toBe('account');
    expect(restoredWizard.calls.register).toHaveLength(0);
  });

  it('a quote in flight is persisted as its step, without the values waiting for it', async () => {
    const { actor } = wizard(inputOf('joti', false), { fetchQuote: () => new Promise(() => {}) });
    actor.send(next.company(companyOf.joti[0]!));
    expect(actor.getSnapshot().value).toBe('quotingCompany');
    const persisted = persist(actor);
    expect(persisted).toMatchObject({ value: 'company' });
    const restoredWizard = wizard(inputOf('joti', false), {}, persisted);
    const { context } = restoredWizard.actor.getSnapshot();
    expect(context.pendingCompany).toBeUndefined();
    expect(context.data).toEqual({});
    expect(restoredWizard.calls.fetchQuote).toHaveLength(0);
  });

  it('an open start-month question is persisted as the start step, without the question; a confirmed month is kept', () => {
    const asking = wizard(inputOf('deuti', false)).actor;
    asking.send(chosen(currentMonth));
    expect(asking.getSnapshot().value).toBe('startMonthWarning');
    const question = persist(asking);
    expect(question).toMatchObject({ value: 'startAndTraveler' });
    const asked = wizard(inputOf('deuti', false), {}, question).actor.getSnapshot().context;
    expect([asked.startMonthQuestion, asked.chosenStartDate]).toEqual([undefined, undefined]);

    const confirmed = wizard(inputOf('deuti', false)).actor;
    confirmed.send(chosen(currentMonth));
    confirmed.send({ type: 'startMonth.confirm' });
    confirmed.send(chosen('2026-08-01'));
    expect(confirmed.getSnapshot().context).toMatchObject({ confirmedStartMonth: currentMonth, chosenStartDate: '2026-08-01' });
    const persisted = persist(confirmed);
    const restoredContext = wizard(inputOf('deuti', false), {}, persisted).actor.getSnapshot().context;
    expect([restoredContext.confirmedStartMonth, restoredContext.chosenStartDate]).toEqual([currentMonth, undefined]);
  });

  it('registered but the reload lost the auto sign-in code: the summary asks for a sign-in; once signed in it orders', async () => {
    const { actor } = wizard(inputOf('deuti', true), { autoSignIn: () => new Promise(() => {}) });
    await fillSteps(actor, 'deuti', true);
    actor.send(submit);
    await waitFor(actor, (snapshot) => snapshot.matches('signingIn'));
    const persisted = persist(actor);
    expect(JSON.stringify(persisted)).not.toContain(autoSignInCode);

    const restoredWizard = wizard(inputOf('deuti', true), {}, persisted);
    restoredWizard.actor.send(restored(false));
    expect(restoredWizard.actor.getSnapshot().value).toBe('summary');
    expect(restoredWizard.actor.getSnapshot().context.error).toBe('autoSignInFailed');
    expect(restoredWizard.actor.getSnapshot().can(submit)).toBe(false);
    expect(selectOrderWizardView(restoredWizard.actor.getSnapshot()).canSubmitOrder).toBe(false);
    // The customer signs in (OAuth round trip); the snapshot is restored once more.
    restoredWizard.actor.send(restored(true));
    restoredWizard.actor.send(submit);
    expect((await settled(restoredWizard.actor)).status).toBe('done');
    expect(restoredWizard.calls.register).toHaveLength(0);
    expect(restoredWizard.calls.autoSignIn).toHaveLength(0);
  });

  it('a submit in flight is restored with the same key and payload, so the repeated send is harmless', async () => {
    const { actor, calls } = wizard(inputOf('joti', false), { submitOrder: () => new Promise(() => {}) });
    await fillSteps(actor, 'joti', false);
    actor.send(submit);
    const persisted = persist(actor);
    const restoredWizard = wizard(inputOf('joti', false), {}, persisted);
    const snapshot = await settled(restoredWizard.actor);
    expect(snapshot.status).toBe('done');
    expect(restoredWizard.calls.submitOrder).toEqual(calls.submitOrder);
  });

  it('a customer who signed in meanwhile skips the account step and is not registered', async () => {
    const { actor, calls } = wizard(inputOf('deuti', true));
    await nextStep(actor, next.startAndTraveler(startValues(true)));
    actor.send(next.billing);
    expect(actor.getSnapshot().value).toBe('account');
    actor.send(restored(true));
    expect(actor.getSnapshot().value).toBe('summary');
    expect(selectOrderWizardView(actor.getSnapshot()).steps).toEqual(['startAndTraveler', 'billing', 'summary']);
    actor.send(submit);
    expect((await settled(actor)).status).toBe('done');
    expect(calls.register).toHaveLength(0);
  });

  it('the affiliate of the link survives the draft: after a reload and the sign-in detour the order still names it', async () => {
    const { actor } = wizard({ ...inputOf('deuti', true), affiliate: 'partner-7' });
    await nextStep(actor, next.startAndTraveler(startValues(true)));
    actor.send(next.billing);
    // The URL no longer has `?affiliate=` when the draft is restored: the input has none.
    const restoredWizard = wizard(inputOf('deuti', true), {}, persist(actor));
    restoredWizard.actor.send(restored(true));
    restoredWizard.actor.send(submit);
    expect((await settled(restoredWizard.actor)).status).toBe('done');
    expect(restoredWizard.calls.submitOrder[0]?.payload.affiliate).toBe('partner-7');
  });

  it('a customer who signed in from the account step does not see the typed registration data as their account', async () => {
    const { actor } = wizard(inputOf('deuti', true));
    await fillSteps(actor, 'deuti', true);
    expect(selectOrderWizardView(actor.getSnapshot()).summary.account?.mailAddress).toBe(account.mailAddress);
    actor.send({ type: 'step.goTo', step: 'account' });
    // The sign-in detour: the customer signs in with another account; the snapshot is restored.
    actor.send(restored(true));
    expect(actor.getSnapshot().value).toBe('summary');
    expect(selectOrderWizardView(actor.getSnapshot()).summary.account).toBeUndefined();
  });

  it('wizard.restored brings the day of the page that restored it', () => {
    const { actor } = wizard(inputOf('deuti', false));
    actor.send(restored(false, '2026-08-12'));
    expect(actor.getSnapshot().context.today).toBe('2026-08-12');
    expect(selectOrderWizardView(actor.getSnapshot()).summary.paymentDueDate).toBeUndefined();
  });
});
