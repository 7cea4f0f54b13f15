import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { userInfoQuery } from '#src/api/queries/account';
import { ChangeEmailScreen } from '#src/flows/change-email/change-email-screen';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Change the email address (SPEC.md 2.3, 4.5). The loader fills the cache with the user-info, so the
 * current address is there when the pre-check answers; a failure is the flow's to show (its alert
 * with a retry), not the router's.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/account/email')({
  loader: async ({ context: { queryClient, queries } }) => {
    await queryClient.ensureQueryData(userInfoQuery(queries)).catch(() => undefined);
  },
  component: ChangeEmailPage,
});

function ChangeEmailPage() {
  return (
    <>
      <PageHeading>
        <Trans id="account:changeEmail.title">Change your email address</Trans>
      </PageHeading>
      <ChangeEmailScreen />
    </>
  );
}
