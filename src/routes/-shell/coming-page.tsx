import { Trans } from '@lingui/react/macro';
import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { Link } from '#src/ui/link';
import { PageHeading } from '#src/ui/page-heading';

export interface ComingPageProps {
  title: ReactNode;
  /** What is not possible here yet, when the page can say it more precisely than "this part". */
  description?: ReactNode;
  /**
   * Who reaches the page: `customer` behind sign-in (the way on is the overview); `visitor` on a
   * public route, often signed out (a forgotten password, a mail link), so its way on must not
   * need a sign-in: the start page.
   */
  audience: 'customer' | 'visitor';
}

/**
 * A screen a later issue builds: the route exists and says plainly that it does not work yet,
 * promises nothing, and offers what works today: the customer service's address (from the runtime
 * configuration) and a page to go on to.
 */
export function ComingPage({ title, description, audience }: ComingPageProps) {
  const { config } = useRouteContext({ from: '__root__' });
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <p>{description ?? <Trans id="common:coming.notAvailable">This part of the portal is not available yet.</Trans>}</p>
      <p>
        <Trans id="common:coming.help">Our customer service is glad to help in the meantime:</Trans>{' '}
        <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
      </p>
      <p>
        {audience === 'customer' ? (
          <Link href="/app/dashboard" standalone>
            <Trans id="common:coming.back">Back to the overview</Trans>
          </Link>
        ) : (
          <Link href="/" standalone>
            <Trans id="common:coming.startPage">To the start page</Trans>
          </Link>
        )}
      </p>
    </>
  );
}
