import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import type { EditContactView } from '#machines/edit-contact/edit-contact.selectors';
import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import { ticketsHref } from '#src/flows/back-link';
import * as styles from './edit-contact-screen.css';

/**
 * What the traveler and billing-address screens share: the alerts of a failed save. Texts that
 * SPEC.md names per screen come in as props. The server's field errors go on their fields with the
 * form kit's `useServerFieldErrors` (src/forms/server-field-errors.ts).
 */

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
          <Trans id="common:editContact.invalidFields.description">
            Some entries were not accepted. Nothing has been changed yet; your entries are still here.
          </Trans>
        </Alert>
      );
    case 'changedMeanwhile':
      return (
        <Alert
          variant="destructive"
          headingLevel={2}
          title={t({ id: 'common:editContact.changedMeanwhile.title', message: 'This can no longer be changed here' })}
        >
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
