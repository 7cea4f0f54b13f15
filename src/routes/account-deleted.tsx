import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { DonePage } from '#src/ui/done-page';

/**
 * The success page of the account deletion (SPEC.md 2.3 Delete account: a password step and then a
 * success page; issue 11 item 4). Public: the session has ended when the flow comes here.
 */
export const Route = createFileRoute('/account-deleted')({ component: AccountDeletedPage });

function AccountDeletedPage() {
  const { config } = Route.useRouteContext();
  return (
    <DonePage
      title={<Trans id="account:deleted.title">Your account has been deleted</Trans>}
      linkHref="/"
      linkLabel={<Trans id="account:deleted.home">To the start page</Trans>}
    >
      <p>
        <Trans id="account:deleted.description">You have been signed out in every browser.</Trans>
      </p>
      <p>
        <Trans id="account:deleted.help">If you have a question about a subscription, our customer service is glad to help:</Trans>{' '}
        <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
      </p>
    </DonePage>
  );
}
