import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { DeleteAccountScreen } from '#src/flows/delete-account/delete-account-screen';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Delete the account (SPEC.md 2.3, 4.5; issue 11 item 4); linked from the account page. The flow's
 * pre-check sends an account that may not be deleted on to ./not-possible.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/account/delete/')({
  component: DeleteAccountPage,
});

function DeleteAccountPage() {
  return (
    <>
      <PageHeading>
        <Trans id="account:deleteAccount.title">Delete account</Trans>
      </PageHeading>
      <DeleteAccountScreen />
    </>
  );
}
