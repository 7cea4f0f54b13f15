import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '#src/routes/-shell/coming-page';

/** The link of the verification email (user_id, token); the account flows build the check. */
export const Route = createFileRoute('/actions/verify-email/')({ component: VerifyEmailPage });

function VerifyEmailPage() {
  return <ComingPage audience="visitor" title={<Trans id="actions:verifyEmail.title">Confirming your email address</Trans>} />;
}
