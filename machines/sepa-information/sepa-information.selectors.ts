import type { SnapshotFrom } from 'xstate';

import type {
  SepaInformationErrorCode,
  SepaInformationFieldError,
  sepaInformationMachine,
  SepaInformationValues,
  StoredSepaInformation,
} from './sepa-information.machine';

/** Snapshot → the view of the SEPA information screen. The screen renders this, nothing else. */

type SepaInformationSnapshot = SnapshotFrom<typeof sepaInformationMachine>;

/** Any information: whether a submit is taken does not depend on what was typed. */
const anyInformation: SepaInformationValues = { accountName: '', iban: '', bic: '' };

export type SepaInformationView =
  | { step: 'loading' }
  | { step: 'loadFailed'; canRetry: boolean }
  | {
      step: 'form';
      /** What is stored now (masked), or undefined before the first save. */
      stored: StoredSepaInformation | undefined;
      /** Whether a submit is taken now (false while one is sent: one request per press). */
      canSave: boolean;
      saving: boolean;
      /** `saveFailed` is the alert with a retry; `invalidFields` an alert; the others are at their fields (`fieldErrors`). */
      error: Exclude<SepaInformationErrorCode, 'loadFailed'> | undefined;
      fieldErrors: readonly SepaInformationFieldError[];
    }
  | { step: 'done'; saved: StoredSepaInformation | undefined };

export function selectSepaInformationView(snapshot: SepaInformationSnapshot): SepaInformationView {
  const { context } = snapshot;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed', canRetry: snapshot.can({ type: 'load.retry' }) };
  if (snapshot.matches('done')) return { step: 'done', saved: context.saved };
  if (snapshot.matches('ready') || snapshot.matches('saving')) {
    return {
      step: 'form',
      stored: context.stored,
      canSave: snapshot.can({ type: 'information.save', information: anyInformation }),
      saving: snapshot.matches('saving'),
      error: context.error === 'loadFailed' ? undefined : context.error,
      fieldErrors: context.fieldErrors,
    };
  }
  return { step: 'loading' };
}
