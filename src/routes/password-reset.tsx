import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from './-shell/coming-page';

/**
 * SPEC.md 2.2: the reset-password page reads user_id and token from the query (path chosen here).
 * The sandbox's sign-in page links here ("forgot password"), so until the account issue builds the
 * reset, the page gives a signed-out visitor the customer service and the start page.
 */
export const Route = createFileRoute('/password-reset')({ component: PasswordResetPage });

function PasswordResetPage() {
  return (
    <ComingPage
      audience="visitor"
      title={<Trans id="account:passwordReset.title">Reset your password</Trans>}
      description={<Trans id="account:passwordReset.notAvailable">You cannot reset your password online yet.</Trans>}
    />
  );
}
