import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ChangePasswordScreen } from '#src/flows/change-password/change-password-screen';
import { PageHeading } from '#src/ui/page-heading';

/** Change the password (SPEC.md 2.3, 5.2; issue 11 item 3); linked from the account page. */
export const Route = createFileRoute('/app/_signedIn/dashboard/account/password')({
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  return (
    <>
      <PageHeading>
        <Trans id="account:changePassword.title">Change password</Trans>
      </PageHeading>
      <ChangePasswordScreen />
    </>
  );
}
