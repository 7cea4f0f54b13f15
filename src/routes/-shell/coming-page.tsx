import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { Link } from '#src/ui/link';
import { PageHeading } from '#src/ui/page-heading';

/** A guarded route whose screen a later issue builds: it exists, and says so plainly. */
export function ComingPage({ title }: { title: ReactNode }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <p>
        <Trans id="common:coming.description">This part of the portal is being built. Please come back soon.</Trans>
      </p>
      <p>
        <Link href="/app/dashboard">
          <Trans id="common:coming.back">Back to the overview</Trans>
        </Link>
      </p>
    </>
  );
}
