import type { SnapshotFrom } from 'xstate';

import type { ChangeStaffNumberErrorCode, ChangeStaffNumberFieldError, StaffNumberField, changeStaffNumberMachine } from './change-staff-number.machine';

/** Snapshot → the view of the change-staff-number screen. The screen renders this, nothing else. */

type ChangeStaffNumberSnapshot = SnapshotFrom<typeof changeStaffNumberMachine>;

export type ChangeStaffNumberView =
  | { step: 'loading' }
  | { step: 'loadFailed'; canRetry: boolean }
  | {
      step: 'form';
      companyId: string;
      companyName: string | undefined;
      staffNumber: string;
      field: StaffNumberField | undefined;
      /** Whether a submit is taken now (false while the change is sent: one request per press). */
      canSubmit: boolean;
      changing: boolean;
      /** `changeFailed` is a destructive alert; the others are at the field (`fieldErrors`). */
      error: Exclude<ChangeStaffNumberErrorCode, 'loadFailed'> | undefined;
      fieldErrors: readonly ChangeStaffNumberFieldError[];
    }
  /** SPEC.md 6.1: the product does not allow the change (or there is no company). */
  | { step: 'notChangeable' }
  | { step: 'done' };

export function selectChangeStaffNumberView(snapshot: ChangeStaffNumberSnapshot): ChangeStaffNumberView {
  const { context } = snapshot;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed', canRetry: snapshot.can({ type: 'load.retry' }) };
  if ((snapshot.matches('editing') || snapshot.matches('changing')) && context.current?.changeable) {
    const { companyId, companyName, staffNumber, field } = context.current;
    return {
      step: 'form',
      companyId,
      companyName,
      staffNumber,
      field,
      canSubmit: snapshot.can({ type: 'staffNumber.change', staffNumber: '' }),
      changing: snapshot.matches('changing'),
      error: context.error === 'loadFailed' ? undefined : context.error,
      fieldErrors: context.fieldErrors,
    };
  }
  if (snapshot.matches('notChangeable')) return { step: 'notChangeable' };
  if (snapshot.matches('done')) return { step: 'done' };
  return { step: 'loading' };
}
