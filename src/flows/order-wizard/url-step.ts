import type { StepId } from '#machines/order-wizard/order-wizard.types';

/** The URL's step (`?step=`) and the machine's step, as the wizard last saw them together. */
export interface StepsSeen {
  url: StepId | undefined;
  step: StepId;
}

/** What the wizard does about the URL when the URL's step or the machine's step changed. */
export type UrlStepAction =
  /** They agree: nothing. */
  | { type: 'none' }
  /** The browser moved (back, forward): the machine is asked to follow, and where it refuses, the URL is put back in place. */
  | { type: 'browserMoved'; step: StepId }
  /** The machine moved: the URL follows it, with a history entry of its own (`replace: false`) or in place. */
  | { type: 'followMachine'; replace: boolean };

/**
 * Who moved, the browser or the machine (SPEC.md 4.8: back and forward move through the steps)?
 * The browser, when the URL's step changed while the machine's stood still. But the wizard's own
 * navigation (`asked`, not arrived yet) is no browser move when it arrives late: a reload on a URL
 * that lagged behind the machine is put right in place, and a customer who presses Back before
 * that arrives must stay on the step Back showed (seen in CI: the late URL took them forward again).
 * The first look (`before` undefined) puts the URL to the machine's step in place.
 */
export function urlStepAction(before: StepsSeen | undefined, now: StepsSeen, asked: StepId | undefined): UrlStepAction {
  if (now.url === now.step) return { type: 'none' };
  const browserMoved = before !== undefined && before.step === now.step && before.url !== now.url && now.url !== asked;
  if (browserMoved && now.url !== undefined) return { type: 'browserMoved', step: now.url };
  return { type: 'followMachine', replace: before === undefined || before.step === now.step };
}
