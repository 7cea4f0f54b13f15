import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from './-shell/coming-page';

/** SPEC.md 2.2: the reset-password page reads user_id and token from the query (path chosen here). */
export const Route = createFileRoute('/password-reset')({ component: PasswordResetPage });

function PasswordResetPage() {
  return <ComingPage title={<Trans id="account:passwordReset.title">Reset your password</Trans>} />;
}
