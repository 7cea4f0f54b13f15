import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

import { PageHeading } from '#src/ui/page-heading';

/** The 404 page (SPEC.md section 8: error:404.title, description, ref, refText). */
export function NotFoundPage() {
  return (
    <>
      <PageHeading>
        <Trans id="error:404.title">Page not found</Trans>
      </PageHeading>
      <p>
        <Trans id="error:404.description">The page you asked for does not exist or has moved.</Trans>
      </p>
      <p>
        <Trans id="error:404.refText">You can continue here:</Trans>{' '}
        <Link to="/">
          <Trans id="error:404.ref">Back to the start page</Trans>
        </Link>
      </p>
    </>
  );
}
