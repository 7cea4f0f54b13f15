import { Trans, useLingui } from '@lingui/react/macro';
import type { AnyFormApi } from '@tanstack/react-form';
import { type ReactNode, useEffect } from 'react';

import type { EditContactFieldError } from '#machines/edit-contact/edit-contact.machine';
import type { EditContactView } from '#machines/edit-contact/edit-contact.selectors';
import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import { ticketsHref } from '#src/flows/back-to-tickets-link';
import * as styles from './edit-contact-screen.css';

/**
 * What the traveler and billing-address screens share: the server's field errors put on their
 * fields, and the alerts of a failed save. Texts that SPEC.md names per screen come in as props.
 */

/**
 * Shows the server's codes (a 400 with errors[], the contract's FieldErrorCode) at the form's fields
 * of the same name, as if the field's own rule had said so; the next change of the field checks it
 * again with the domain's rule. Only fields the form has are touched. Display only: where the flow
 * goes is the machine's.
 */
export function useServerFieldErrors(form: AnyFormApi, fieldErrors: readonly EditContactFieldError[]): void {
  const key = JSON.stringify(fieldErrors);
  useEffect(() => {
    for (const { field, code } of JSON.parse(key) as EditContactFieldError[]) {
      if (form.getFieldMeta(field) === undefined) continue;
      form.setFieldMeta(field, (meta) => ({ ...meta, isBlurred: true, errorMap: { ...meta.errorMap, onChange: code } }));
    }
  }, [form, key]);
}

type FormView = Extract<EditContactView, { step: 'form' }>;

/** The alert of a failed save: fields refused, changed meanwhile, or any other failure (`failed`, the screen's own SPEC.md 8 texts). */
export function SaveErrorAlert({ error, failed }: { error: FormView['error']; failed: { title: string; description: ReactNode } }) {
  const { t } = useLingui();
  switch (error) {
    case undefined:
      return null;
    case 'invalidFields':
      return (
        <Alert variant="destructive" headingLevel={2} title={t({ id: 'common:editContact.invalidFields.title', message: 'Please check the marked fields' })}>
          <Trans id="common:editContact.invalidFields.description">Some entries were not accepted. Nothing has been changed yet; your entries are still here.</Trans>
        </Alert>
      );
    case 'changedMeanwhile':
      return (
        <Alert variant="destructive" headingLevel={2} title={t({ id: 'common:editContact.changedMeanwhile.title', message: 'This can no longer be changed here' })}>
          <p>
            <Trans id="common:editContact.changedMeanwhile.description">
              It has changed meanwhile, for example it has ended or was changed in another window. Nothing has been changed; your entries are still here.
            </Trans>
          </p>
          <p>
            <Link href={ticketsHref}>
              <Trans id="common:editContact.changedMeanwhile.toTickets">See the current state in my tickets</Trans>
            </Link>
          </p>
        </Alert>
      );
    case 'saveFailed':
      return (
        <Alert variant="destructive" headingLevel={2} title={failed.title}>
          {failed.description}
        </Alert>
      );
  }
}

export { styles };
