// @vitest-environment node
import { waitFor } from 'xstate';

import { type PersistedOrderWizard, toPersistable } from '#machines/order-wizard/order-wizard.persistence';
import { selectOrderWizardView } from '#machines/order-wizard/order-wizard.selectors';
import { fillSteps, nextStep, settled, wizard } from './order-wizard.fakes';
import { billing, chosen, companyOf, currentMonth, earlyToday, inputOf, laterMonth, next, popped, restored, startValues, submit } from './order-wizard.model';

/**
 * The order wizard's steps with fake actors (SPEC.md 4.1, 6.1): their order, the quotes of the
 * company and start steps, the start-month question, and the browser's back and forward.
 */

describe('order wizard machine, steps (SPEC.md 4.1, 6.1)', () => {
  it.each([
    ['deuti', true, ['startAndTraveler', 'billing', 'account', 'summary']],
    ['deuti', false, ['startAndTraveler', 'billing', 'summary']],
    ['joti', true, ['company', 'startAndTraveler', 'billing', 'account', 'summary']],
    ['seti', false, ['company', 'startAndTraveler', 'billing', 'summary']],
  ] as const)('%s, registration %s: steps %j, back not possible on the first', async (product, registration, steps) => {
    const { actor } = wizard(inputOf(product, registration));
    const first = actor.getSnapshot();
    expect(first.value).toBe(steps[0]);
    expect(selectOrderWizardView(first)).toMatchObject({ steps, stepNumber: 1, stepCount: steps.length, canGoBack: false });
    expect(first.can({ type: 'step.back' })).toBe(false);
    await fillSteps(actor, product, registration);
    expect(selectOrderWizardView(actor.getSnapshot())).toMatchObject({ stepNumber: steps.length, canGoBack: true });
    for (const expected of [...steps].reverse().slice(1)) {
      actor.send({ type: 'step.back' });
      expect(actor.getSnapshot().value).toBe(expected);
    }
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().value).toBe(steps[0]);
  });

  it('ignores a second click of a step button that arrives after the step moved on', async () => {
    const { actor, calls } = wizard(inputOf('joti', false));
    actor.send(next.company(companyOf.joti[0]!));
    actor.send(next.company(companyOf.joti[1]!));
    await waitFor(actor, (snapshot) => snapshot.matches('startAndTraveler'));
    actor.send(next.company(companyOf.joti[1]!));
    expect(actor.getSnapshot().value).toBe('startAndTraveler');
    expect(actor.getSnapshot().context.data.company?.companyId).toBe('TDX9960');
    expect(calls.fetchQuote).toHaveLength(1);
  });

  it('joti and seti: the traveler must be the subscriber (isTraveler false is refused)', async () => {
    for (const product of ['joti', 'seti'] as const) {
      const { actor } = wizard(inputOf(product, false));
      await nextStep(actor, next.company(companyOf[product][0]!));
      expect(actor.getSnapshot().can(next.startAndTraveler(startValues(false)))).toBe(false);
      expect(selectOrderWizardView(actor.getSnapshot()).offersBookingForOthers).toBe(false);
    }
    const { actor } = wizard(inputOf('deuti', false));
    expect(selectOrderWizardView(actor.getSnapshot()).offersBookingForOthers).toBe(true);
    await nextStep(actor, next.startAndTraveler(startValues(false)));
    expect(actor.getSnapshot().value).toBe('billing');
  });

  it('the summary jumps back to a step to edit it; every value is kept, and next walks forward again', async () => {
    const { actor } = wizard(inputOf('joti', true));
    await fillSteps(actor, 'joti', true);
    const data = actor.getSnapshot().context.data;
    expect(selectOrderWizardView(actor.getSnapshot()).editableSteps).toEqual(['company', 'startAndTraveler', 'billing', 'account']);
    actor.send({ type: 'step.goTo', step: 'billing' });
    expect(actor.getSnapshot().value).toBe('billing');
    expect(actor.getSnapshot().context.data).toEqual(data);
    expect(actor.getSnapshot().can({ type: 'step.goTo', step: 'company' })).toBe(false);
    actor.send({ type: 'step.next', step: 'billing', values: { ...billing, city: 'Hamburg', zipCode: '20095' } });
    expect(actor.getSnapshot().value).toBe('account');
    actor.send(next.account);
    expect(actor.getSnapshot().context.data.billing?.city).toBe('Hamburg');
  });

  it('the summary needs both terms accepted', async () => {
    const { actor } = wizard(inputOf('deuti', false));
    await fillSteps(actor, 'deuti', false);
    expect(actor.getSnapshot().can({ type: 'order.submit', values: { areConditionsOfTransportAccepted: true, areAgbAccepted: false } })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'order.submit', values: { areConditionsOfTransportAccepted: false, areAgbAccepted: true } })).toBe(false);
    expect(actor.getSnapshot().can(submit)).toBe(true);
    expect(selectOrderWizardView(actor.getSnapshot()).canSubmitOrder).toBe(true);
  });

  it('the summary view: price text, payment methods and due date, seti names read-only', async () => {
    const { actor } = wizard(inputOf('seti', false), {
      fetchQuote: async ({ startDate }) => ({ customerRealPrice: 38, totalPrice: 63, customerPrice: 38, employerPrice: 25, quoteId: `q-uni@${startDate}` }),
    });
    await nextStep(actor, next.company(companyOf.seti[0]!));
    await nextStep(actor, next.startAndTraveler(startValues(true, laterMonth)));
    actor.send(next.billing);
    const view = selectOrderWizardView(actor.getSnapshot());
    expect(view.summary).toMatchObject({
      company: { companyId: 'UNI0001', staffNumber: '4711002' },
      priceText: 'partlySubsidized',
      skipPayment: false,
      allowedPaymentMethods: ['BANKACCOUNT', 'CREDITCARD'],
      paymentDueDate: '2026-08-05',
      quote: { quoteId: 'q-uni@2026-08-01' },
      traveler: { firstName: 'Erika', lastName: 'Mustermann', gender: 'Female', birthdate: '1980-05-01' },
    });
    expect(view.billingNamesReadOnly).toBe(true);

    const other = wizard(inputOf('deuti', false)).actor;
    await nextStep(other, next.startAndTraveler(startValues(false)));
    other.send(next.billing);
    const deuti = selectOrderWizardView(other.getSnapshot());
    expect(deuti.summary).toMatchObject({
      company: undefined,
      priceText: 'notSubsidized',
      allowedPaymentMethods: ['CREDITCARD'],
      paymentDueDate: '2026-08-05',
    });
    expect(deuti.billingNamesReadOnly).toBe(false);
  });
});

describe('order wizard machine, quotes (SPEC.md 4.1, 4.2, 7.2)', () => {
  it('the company step quotes the company for the first offered month; the step stays on screen meanwhile', async () => {
    const { actor, calls } = wizard(inputOf('joti', false));
    actor.send(next.company({ ...companyOf.joti[0]!, companyId: ' TDX9960 ' }));
    const quoting = actor.getSnapshot();
    expect(quoting.value).toBe('quotingCompany');
    expect(selectOrderWizardView(quoting)).toMatchObject({ step: 'company', isQuoting: true, stepNumber: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('startAndTraveler'));
    expect(calls.fetchQuote).toEqual([{ companyId: 'TDX9960', startDate: undefined, product: 'joti' }]);
    expect(actor.getSnapshot().context.data).toMatchObject({ company: { companyId: ' TDX9960 ' }, quote: { quoteId: 'TDX9960@first' } });
  });

  it("the start step quotes its month: DEU4900 for deuti, the company for joti; the latest quote is the order's", async () => {
    const deuti = wizard(inputOf('deuti', false));
    await nextStep(deuti.actor, next.startAndTraveler(startValues(true, laterMonth)));
    expect(deuti.actor.getSnapshot().value).toBe('billing');
    expect(deuti.calls.fetchQuote).toEqual([{ companyId: 'DEU4900', startDate: laterMonth, product: 'deuti' }]);

    const joti = wizard(inputOf('joti', false));
    await fillSteps(joti.actor, 'joti', false, { start: startValues(true, '2026-09-01') });
    expect(joti.calls.fetchQuote.map((input) => [input.companyId, input.startDate])).toEqual([
      ['TDX9960', undefined],
      ['TDX9960', '2026-09-01'],
    ]);
    joti.actor.send({ type: 'step.goTo', step: 'startAndTraveler' });
    await nextStep(joti.actor, next.startAndTraveler(startValues(true, '2026-10-01')));
    joti.actor.send(next.billing);
    joti.actor.send(submit);
    await settled(joti.actor);
    expect(joti.calls.submitOrder[0]?.payload).toMatchObject({ quoteId: 'TDX9960@2026-10-01', subscription_starts_at: '2026-10-01' });
  });

  it('a failed quote returns to its step with quoteFailed and nothing stored; Next tries again', async () => {
    let fail = true;
    const { actor, calls } = wizard(inputOf('joti', false), {
      fetchQuote: async (input) => {
        if (fail) throw new TypeError('Failed to fetch');
        return { customerRealPrice: 63, totalPrice: 63, customerPrice: 63, employerPrice: 0, quoteId: `${input.companyId}@${input.startDate ?? 'first'}` };
      },
    });
    await nextStep(actor, next.company(companyOf.joti[0]!));
    expect(actor.getSnapshot()).toMatchObject({ value: 'company', context: { error: 'quoteFailed', data: {} } });
    expect(selectOrderWizardView(actor.getSnapshot())).toMatchObject({ step: 'company', error: 'quoteFailed', isQuoting: false });
    fail = false;
    actor.send(next.company(companyOf.joti[0]!));
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await waitFor(actor, (snapshot) => snapshot.matches('startAndTraveler'));
    fail = true;
    await nextStep(actor, next.startAndTraveler(startValues(true)));
    expect(actor.getSnapshot()).toMatchObject({ value: 'startAndTraveler', context: { error: 'quoteFailed' } });
    expect(actor.getSnapshot().context.data.startAndTraveler).toBeUndefined();
    expect(calls.fetchQuote).toHaveLength(3);
  });
});

describe('order wizard machine, the start-month question (SPEC.md 4.1)', () => {
  it('from the 11th, choosing the current month asks; "no" goes back to the month chosen before', () => {
    const { actor } = wizard(inputOf('deuti', false));
    actor.send(chosen(laterMonth));
    expect(actor.getSnapshot().value).toBe('startAndTraveler');
    actor.send(chosen(currentMonth));
    expect(actor.getSnapshot().value).toBe('startMonthWarning');
    expect(selectOrderWizardView(actor.getSnapshot())).toMatchObject({
      step: 'startAndTraveler',
      showStartMonthWarning: true,
      startMonthWarning: { month: currentMonth, revertTo: laterMonth },
    });
    actor.send({ type: 'startMonth.reject' });
    expect(actor.getSnapshot().value).toBe('startAndTraveler');
    expect(selectOrderWizardView(actor.getSnapshot()).startMonthWarning).toBeUndefined();
    // Asked again: nothing was confirmed.
    actor.send(chosen(currentMonth));
    expect(selectOrderWizardView(actor.getSnapshot()).startMonthWarning).toEqual({ month: currentMonth, revertTo: laterMonth });
  });

  it('a confirmed month is not asked again, neither on Next nor after going back to the step', async () => {
    const { actor, calls } = wizard(inputOf('deuti', false));
    actor.send(chosen(currentMonth));
    expect(selectOrderWizardView(actor.getSnapshot()).startMonthWarning).toEqual({ month: currentMonth, revertTo: '' });
    actor.send({ type: 'startMonth.confirm' });
    expect(actor.getSnapshot().value).toBe('startAndTraveler');
    await nextStep(actor, next.startAndTraveler(startValues(true, currentMonth)));
    expect(actor.getSnapshot().value).toBe('billing');
    expect(calls.fetchQuote[0]?.startDate).toBe(currentMonth);
    actor.send({ type: 'step.back' });
    actor.send(chosen(laterMonth));
    actor.send(chosen(currentMonth));
    expect(actor.getSnapshot().value).toBe('startAndTraveler');
  });

  it('Next with an unconfirmed current month (e.g. restored) asks, and goes on after the confirmation', async () => {
    const { actor, calls } = wizard(inputOf('seti', false));
    await nextStep(actor, next.company(companyOf.seti[0]!));
    actor.send(next.startAndTraveler(startValues(true, currentMonth)));
    expect(selectOrderWizardView(actor.getSnapshot()).startMonthWarning).toEqual({ month: currentMonth, revertTo: '' });
    expect(calls.fetchQuote).toHaveLength(1);
    actor.send({ type: 'startMonth.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('billing'));
    expect(actor.getSnapshot().context.data.startAndTraveler).toEqual(startValues(true, currentMonth));
    expect(calls.fetchQuote[1]?.startDate).toBe(currentMonth);
  });

  it('"no" to a Next that asked drops it: no quote, nothing stored, no month chosen', () => {
    const { actor, calls } = wizard(inputOf('deuti', false));
    actor.send(next.startAndTraveler(startValues(true, currentMonth)));
    actor.send({ type: 'startMonth.reject' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'startAndTraveler', context: { chosenStartDate: '', pendingStart: undefined, data: {} } });
    expect(calls.fetchQuote).toEqual([]);
  });

  it.each([
    ['the 10th', '2026-07-10', false],
    ['the 11th', '2026-07-11', true],
    ['the 5th, after a restore', earlyToday, false],
  ])('on %s the current month asks: %s', (_name, day, asks) => {
    const { actor } = wizard({ ...inputOf('deuti', false), today: '2026-07-20' });
    actor.send(restored(false, day));
    actor.send(chosen(currentMonth));
    expect(actor.getSnapshot().matches('startMonthWarning')).toBe(asks);
    expect(actor.getSnapshot().context.today).toBe(day);
  });

  it('a later month never asks', () => {
    const { actor } = wizard(inputOf('deuti', false));
    actor.send(chosen(laterMonth));
    actor.send(next.startAndTraveler(startValues(true, laterMonth)));
    expect(actor.getSnapshot().value).toBe('quotingStart');
  });
});

describe('order wizard machine, the browser history (history.popped)', () => {
  it('back one step at a time; forward only over stored values', async () => {
    const { actor } = wizard(inputOf('joti', true));
    await fillSteps(actor, 'joti', true);
    for (const step of ['account', 'billing', 'startAndTraveler', 'company'] as const) {
      expect(actor.getSnapshot().can(popped(step))).toBe(true);
      actor.send(popped(step));
      expect(actor.getSnapshot().value).toBe(step);
    }
    // Two steps at once are refused.
    expect(actor.getSnapshot().can(popped('billing'))).toBe(false);
    for (const step of ['startAndTraveler', 'billing', 'account', 'summary'] as const) {
      actor.send(popped(step));
      expect(actor.getSnapshot().value).toBe(step);
    }
  });

  it('an account without its password (after a reload) cannot go forward', async () => {
    const { actor } = wizard(inputOf('deuti', true));
    await fillSteps(actor, 'deuti', true);
    actor.send(popped('account'));
    expect(actor.getSnapshot().can(popped('summary'))).toBe(true);
    const persisted: PersistedOrderWizard = JSON.parse(JSON.stringify(toPersistable(actor.getSnapshot())));
    const reloaded = wizard(inputOf('deuti', true), {}, persisted).actor;
    reloaded.send(restored(false));
    expect(reloaded.getSnapshot().value).toBe('account');
    expect(reloaded.getSnapshot().can(popped('summary'))).toBe(false);
    expect(reloaded.getSnapshot().can(popped('billing'))).toBe(true);
  });

  it('forward from a step not yet sent is refused', () => {
    const { actor } = wizard(inputOf('deuti', false));
    expect(actor.getSnapshot().can(popped('billing'))).toBe(false);
  });

  it('after a new company, the start step goes forward only after its month is quoted again', async () => {
    const { actor } = wizard(inputOf('joti', false));
    await fillSteps(actor, 'joti', false);
    actor.send({ type: 'step.goTo', step: 'company' });
    await nextStep(actor, next.company(companyOf.joti[1]!));
    expect(actor.getSnapshot().value).toBe('startAndTraveler');
    expect(actor.getSnapshot().can(popped('billing'))).toBe(false);
    await nextStep(actor, next.startAndTraveler(startValues(true)));
    expect(actor.getSnapshot().context.data.quote?.quoteId).toBe('TDX9950@2026-08-01');
    actor.send(popped('startAndTraveler'));
    expect(actor.getSnapshot().can(popped('billing'))).toBe(true);
  });
});
