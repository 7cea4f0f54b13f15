import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { maintenanceSearchSchema } from '#src/search/search-schemas';

import { Link } from '../ui/link';
import { PageHeading } from '../ui/page-heading';

export const Route = createFileRoute('/maintenance')({
  validateSearch: maintenanceSearchSchema,
  component: MaintenancePage,
});

/**
 * Where any 503 from the API sends the customer (SPEC.md 4.8, section 8), once a read has been tried
 * three times (src/api/retry.ts). "Try again" returns to the page that failed (`?from=`), else to
 * the start page.
 */
function MaintenancePage() {
  const { from } = Route.useSearch();
  return (
    <>
      <PageHeading>
        <Trans id="error:503.title">We are doing maintenance</Trans>
      </PageHeading>
      <p>
        <Trans id="error:503.description">The portal is not available at the moment.</Trans>
      </p>
      <p>
        <Trans id="error:503.patient">Please be patient and try again in a few minutes.</Trans>
      </p>
      <p>
        <Link href={from ?? '/'} standalone>
          <Trans id="error:503.retry">Try again</Trans>
        </Link>
      </p>
    </>
  );
}
