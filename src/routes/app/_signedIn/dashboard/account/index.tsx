import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { userInfoQuery } from '#src/api/queries/account';
import { AccountScreen } from '#src/flows/account/account-screen';
import * as accountStyles from '#src/flows/account/account.css';
import { KeptOnDevice } from '#src/flows/offline-ticket/kept-on-device';
import { accountSearchSchema } from '#src/search/search-schemas';
import { PageHeading } from '#src/ui/page-heading';

export const Route = createFileRoute('/app/_signedIn/dashboard/account/')({
  validateSearch: accountSearchSchema,
  // The data is in the cache before the page renders; a failure is the page's to show (its alert).
  loader: async ({ context: { queryClient, queries } }) => {
    await queryClient.ensureQueryData(userInfoQuery(queries)).catch(() => undefined);
  },
  component: AccountPage,
});

/** My data (SPEC.md 2.2; src/flows/account/account-screen.tsx). */
function AccountPage() {
  const { notice } = Route.useSearch();
  return (
    <>
      <PageHeading>
        <Trans id="account:title">My data</Trans>
      </PageHeading>
      <AccountScreen notice={notice} />
      <KeptOnDevice className={accountStyles.section} titleClassName={accountStyles.sectionTitle} />
    </>
  );
}
