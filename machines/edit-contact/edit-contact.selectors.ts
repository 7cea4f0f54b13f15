import type { SnapshotFrom } from 'xstate';

import type { EditContactData, EditContactErrorCode, EditContactFieldError, editContactMachine, EditContactValues } from './edit-contact.machine';

/** Snapshot → the view of the traveler and billing-address screens. The screens render this, nothing else. */

type EditContactSnapshot = SnapshotFrom<typeof editContactMachine>;

const noFieldErrors: readonly EditContactFieldError[] = [];
/** Any values: whether a save is taken does not depend on them. */
const anyValues: EditContactValues = { kind: 'traveler', traveler: { isTraveler: true } };

export type EditContactView =
  | { step: 'loading' }
  /** SPEC.md 8: traveler:form.errors.loading / form.errors.loading, with a retry. */
  | { step: 'loadFailed'; canRetry: boolean }
  | {
      step: 'form';
      data: EditContactData;
      /** The values of the last save (kept across a failure), else undefined: the form starts from `data.current`. */
      values: EditContactValues | undefined;
      /** Whether a save is taken now (false while one is sent: one request per press). */
      canSave: boolean;
      saving: boolean;
      error: Exclude<EditContactErrorCode, 'loadFailed'> | undefined;
      /** The server's codes by field name (the last segment of its path: `zipCode`, `birthdate`). */
      fieldErrors: readonly EditContactFieldError[];
    }
  | { step: 'done' }
  | { step: 'cancelled' };

/** The field's own name of a server path: `billing_address.zip_code` style paths end in the form's name. */
function fieldNameOf(path: string): string {
  return path.split('.').at(-1) ?? path;
}

export function selectEditContactView(snapshot: EditContactSnapshot): EditContactView {
  const { context } = snapshot;
  if (snapshot.matches('loadFailed')) return { step: 'loadFailed', canRetry: snapshot.can({ type: 'load.retry' }) };
  if ((snapshot.matches('ready') || snapshot.matches('saving')) && context.data) {
    const error = context.error === 'loadFailed' ? undefined : context.error;
    return {
      step: 'form',
      data: context.data,
      values: context.values,
      canSave: snapshot.can({ type: 'changes.save', values: anyValues }),
      saving: snapshot.matches('saving'),
      error,
      fieldErrors: context.fieldErrors.length === 0 ? noFieldErrors : context.fieldErrors.map((item) => ({ field: fieldNameOf(item.field), code: item.code })),
    };
  }
  if (snapshot.matches('done')) return { step: 'done' };
  if (snapshot.matches('cancelled')) return { step: 'cancelled' };
  return { step: 'loading' };
}
