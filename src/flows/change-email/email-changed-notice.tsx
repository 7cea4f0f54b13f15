import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { userInfoQuery } from '#src/api/queries/account';
import { Alert } from '#src/ui/alert';
import { notice } from '#src/ui/notice.css';
import type { TicketsNotice } from '#src/search/search-schemas';

/**
 * The confirmation at the top of the tickets page after the email change (SPEC.md 2.2): the new
 * address as the user-info has it (the change put it there).
 */
export function TicketsNoticeAlert({ notice: which }: { notice: TicketsNotice | undefined }) {
  const { t } = useLingui();
  const { queries } = useRouteContext({ from: '__root__' });
  const email = useQuery({ ...userInfoQuery(queries), enabled: which === 'emailChanged' }).data?.email;
  if (which !== 'emailChanged') return null;
  return (
    <Alert
      variant="success"
      headingLevel={2}
      announce
      className={notice}
      title={t({ id: 'tickets:notice.emailChanged.title', message: 'Your email address has been changed' })}
    >
      {email ? (
        <Trans id="tickets:notice.emailChanged">Your email address is now {email}. Please use it from now on to sign in.</Trans>
      ) : (
        <Trans id="tickets:notice.emailChanged.withoutAddress">Please use your new email address from now on to sign in.</Trans>
      )}
    </Alert>
  );
}
