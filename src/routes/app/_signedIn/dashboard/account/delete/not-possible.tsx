import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { accountHref, BackLink } from '#src/flows/back-link';
import { ActionRow } from '#src/ui/action-row';
import { PageHeading } from '#src/ui/page-heading';

/**
 * SPEC.md 2.2, 4.5: where the pre-check of the account deletion sends an account that may not be
 * deleted. The pre-check names no reason the customer could act on (the contract's `reason` is a
 * code such as deletionNotAllowed), so the page says only that, and who can tell why.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/account/delete/not-possible')({
  component: AccountDeleteNotPossiblePage,
});

function AccountDeleteNotPossiblePage() {
  const { config } = Route.useRouteContext();
  return (
    <>
      <PageHeading>
        <Trans id="account:delete.notPossible.title">Your account cannot be deleted at the moment</Trans>
      </PageHeading>
      <p>
        <Trans id="account:delete.notPossible.description">
          Something in your account keeps it from being deleted online. Nothing has been deleted; your account stays as it is.
        </Trans>
      </p>
      <p>
        <Trans id="account:delete.notPossible.help">Our customer service can tell you why and help you:</Trans>{' '}
        <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
      </p>
      <ActionRow>
        <BackLink to={accountHref} />
      </ActionRow>
    </>
  );
}
