import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { userInfoQuery } from '#src/api/queries/account';
import { companyUserInfoQuery } from '#src/api/queries/payment';
import { ChangeStaffNumberScreen } from '#src/flows/change-staff-number/change-staff-number-screen';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Change the staff number (SPEC.md 6.1: joti only; decision 32); linked from My data where the
 * product allows it. The loader fills the cache with the user-info and the company user info
 * (docs/architecture.md#data-and-state); a failure is not the router's to show: the flow loads
 * again and shows its error with a retry.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/account/staff-number')({
  loader: async ({ context: { queryClient, queries } }) => {
    await Promise.all([
      queryClient.ensureQueryData(userInfoQuery(queries)).catch(() => undefined),
      queryClient.ensureQueryData(companyUserInfoQuery(queries)).catch(() => undefined),
    ]);
  },
  component: ChangeStaffNumberPage,
});

function ChangeStaffNumberPage() {
  return (
    <>
      <PageHeading>
        <Trans id="accountJoti:changeStaffNumber.title">Change staff number</Trans>
      </PageHeading>
      <ChangeStaffNumberScreen />
    </>
  );
}
