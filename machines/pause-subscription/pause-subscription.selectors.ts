import type { SnapshotFrom } from 'xstate';

import {
  addMonths,
  type PausePeriod,
  pauseMonthCount,
  pauseSaving,
  pauseStatusOf,
  resumedMonthCount,
  resumeMonthsOf,
  resumeRemovesPause,
} from '#src/domain/pause';
import type { PauseResult, PauseSubscriptionErrorCode, pauseSubscriptionMachine } from './pause-subscription.machine';

/** Snapshot → the view of the pause screen. The screen renders this, nothing else. */

type PauseSubscriptionSnapshot = SnapshotFrom<typeof pauseSubscriptionMachine>;

export type PauseErrorCode = Extract<PauseSubscriptionErrorCode, 'monthNotPausable' | 'pauseNotPossible' | 'pauseFailed'>;
export type ResumeErrorCode = Extract<PauseSubscriptionErrorCode, 'resumeMonthNotPossible' | 'pauseNotFound' | 'resumeFailed'>;

export type PauseSubscriptionView =
  | { step: 'loading' }
  | { step: 'loadFailed'; canRetry: boolean }
  | {
      step: 'choose';
      monthlyPrice: number;
      /** The months the pause can begin in, and end in (not before the chosen first month). */
      startMonths: string[];
      endMonths: string[];
      choice: PausePeriod;
      monthCount: number;
      /** What the chosen months save: the monthly price is not charged for them. */
      saving: number;
      /** The month the ticket is valid again after the pause. */
      validAgainMonth: string;
      /** The confirmation dialog is open (also while the pause is sent). */
      dialogOpen: boolean;
      /** The pause is being sent: the confirm button is busy and takes no second press. */
      pausing: boolean;
      canConfirm: boolean;
      /** After a failure that was not the choice: try again with the same months. */
      canRetry: boolean;
      /** After an answer that says the subscription changed meanwhile: read it again. */
      canReload: boolean;
      error: PauseErrorCode | undefined;
      /** The last change, when it was a resume that removed the pause. */
      result: PauseResult | undefined;
    }
  | {
      step: 'paused';
      monthlyPrice: number;
      pause: PausePeriod;
      status: 'running' | 'planned';
      monthCount: number;
      saving: number;
      /** The months the ticket can be valid again from (the pause ends the month before). */
      resumeMonths: string[];
      resumeMonth: string;
      /** Resuming from the chosen month removes the pause altogether (it has not begun by then). */
      removesPause: boolean;
      /** How many months are paid again after resuming from the chosen month. */
      chargedAgainCount: number;
      dialogOpen: boolean;
      resuming: boolean;
      canConfirm: boolean;
      canRetry: boolean;
      canReload: boolean;
      error: ResumeErrorCode | undefined;
      result: PauseResult | undefined;
    }
  | { step: 'notPausable'; terminateDate: string | undefined; result: PauseResult | undefined };

const pauseErrors = new Set<PauseSubscriptionErrorCode>(['monthNotPausable', 'pauseNotPossible', 'pauseFailed']);
const resumeErrors = new Set<PauseSubscriptionErrorCode>(['resumeMonthNotPossible', 'pauseNotFound', 'resumeFailed']);

export function selectPauseSubscriptionView(snapshot: PauseSubscriptionSnapshot): PauseSubscriptionView {
  const { context } = snapshot;
  const { data, error, result } = context;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed', canRetry: snapshot.can({ type: 'load.retry' }) };
  if (!data) return { step: 'loading' };

  if ((snapshot.matches('choosing') || snapshot.matches('confirmingPause') || snapshot.matches('pausing')) && context.choice) {
    const { choice } = context;
    return {
      step: 'choose',
      monthlyPrice: data.monthlyPrice,
      startMonths: data.pausableMonths,
      endMonths: data.pausableMonths.filter((month) => month >= choice.pauseFrom),
      choice,
      monthCount: pauseMonthCount(choice),
      saving: pauseSaving(choice, data.monthlyPrice),
      validAgainMonth: addMonths(choice.pauseUntil, 1),
      dialogOpen: !snapshot.matches('choosing'),
      pausing: snapshot.matches('pausing'),
      canConfirm: snapshot.can({ type: 'pause.confirm' }),
      canRetry: snapshot.can({ type: 'pause.retry' }),
      canReload: snapshot.can({ type: 'subscription.reload' }),
      error: error && pauseErrors.has(error) ? (error as PauseErrorCode) : undefined,
      result,
    };
  }

  if ((snapshot.matches('paused') || snapshot.matches('confirmingResume') || snapshot.matches('resuming')) && data.pause && context.resumeMonth) {
    const { pause } = data;
    const resumeMonth = context.resumeMonth;
    return {
      step: 'paused',
      monthlyPrice: data.monthlyPrice,
      pause,
      status: pauseStatusOf(pause, data.thisMonth) === 'planned' ? 'planned' : 'running',
      monthCount: pauseMonthCount(pause),
      saving: pauseSaving(pause, data.monthlyPrice),
      resumeMonths: resumeMonthsOf(pause, data.thisMonth),
      resumeMonth,
      removesPause: resumeRemovesPause(pause, resumeMonth),
      chargedAgainCount: resumedMonthCount(pause, resumeMonth),
      dialogOpen: !snapshot.matches('paused'),
      resuming: snapshot.matches('resuming'),
      canConfirm: snapshot.can({ type: 'resume.confirm' }),
      canRetry: snapshot.can({ type: 'resume.retry' }),
      canReload: snapshot.can({ type: 'subscription.reload' }),
      error: error && resumeErrors.has(error) ? (error as ResumeErrorCode) : undefined,
      result,
    };
  }

  if (snapshot.matches('notPausable')) return { step: 'notPausable', terminateDate: data.terminateDate ?? undefined, result };
  return { step: 'loading' };
}
