// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { urlStepAction } from '#src/flows/order-wizard/url-step';

/**
 * Who moved, the browser or the machine: the wizard's URL (`?step=`) and its machine's step
 * (SPEC.md 4.8). The hook (use-order-wizard.ts) acts on these answers; the journeys in
 * e2e/order-wizard.spec.ts and e2e/order-more.spec.ts drive them in Chromium.
 */
describe('urlStepAction', () => {
  it('does nothing while the URL shows the machine’s step', () => {
    expect(urlStepAction({ url: 'company', step: 'startAndTraveler' }, { url: 'startAndTraveler', step: 'startAndTraveler' }, 'startAndTraveler')).toEqual({
      type: 'none',
    });
  });

  it('puts the URL to the machine’s step in place at the first look (a reload where the URL lagged behind)', () => {
    expect(urlStepAction(undefined, { url: 'company', step: 'startAndTraveler' }, undefined)).toEqual({ type: 'followMachine', replace: true });
    expect(urlStepAction(undefined, { url: undefined, step: 'company' }, undefined)).toEqual({ type: 'followMachine', replace: true });
  });

  it('gives a step the machine moved to (Next, Back) a history entry of its own', () => {
    expect(urlStepAction({ url: 'startAndTraveler', step: 'startAndTraveler' }, { url: 'startAndTraveler', step: 'billing' }, undefined)).toEqual({
      type: 'followMachine',
      replace: false,
    });
  });

  it('takes a URL that changed while the machine stood still for the browser’s back or forward', () => {
    expect(urlStepAction({ url: 'billing', step: 'billing' }, { url: 'startAndTraveler', step: 'billing' }, undefined)).toEqual({
      type: 'browserMoved',
      step: 'startAndTraveler',
    });
    expect(urlStepAction({ url: 'billing', step: 'billing' }, { url: 'startAndTraveler', step: 'billing' }, 'summary')).toEqual({
      type: 'browserMoved',
      step: 'startAndTraveler',
    });
  });

  it('does not take its own navigation, arriving after Back, for the browser: the URL is put back to the step Back showed', () => {
    // A reload on ?step=company with the draft at the start step: the wizard asks for ?step=startAndTraveler
    // in place; the customer presses Back before it arrives, so the machine is at the company step again.
    const seenAfterBack = { url: 'company', step: 'company' } as const;
    expect(urlStepAction(seenAfterBack, { url: 'startAndTraveler', step: 'company' }, 'startAndTraveler')).toEqual({ type: 'followMachine', replace: true });
  });
});
