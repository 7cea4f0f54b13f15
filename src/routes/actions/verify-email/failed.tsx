import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from '#src/routes/-shell/coming-page';

export const Route = createFileRoute('/actions/verify-email/failed')({ component: VerifyEmailFailedPage });

/** SPEC.md 2.2: failed email verification, with a way to resend (the account flows build it). */
function VerifyEmailFailedPage() {
  return <ComingPage audience="visitor" title={<Trans id="actions:verifyEmail.failed.title">Your email address could not be confirmed</Trans>} />;
}
