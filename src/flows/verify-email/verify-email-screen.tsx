import { Trans, useLingui } from '@lingui/react/macro';

import type { VerifyEmailInput } from '#machines/verify-email/verify-email.machine';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Link } from '#src/ui/link';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { PageHeading } from '#src/ui/page-heading';
import { useStepFocus } from '#src/ui/use-step-focus';
import { useVerifyEmail } from './use-verify-email';

/**
 * The email verification's pages (SPEC.md 2.2, 4.5, 8): the mail's link and the failed page. Renders
 * the flow's view, with the page heading of each step, and sends its events, nothing else.
 */
export function VerifyEmailScreen({ input }: { input: VerifyEmailInput }) {
  const { view, send } = useVerifyEmail(input);
  const { t } = useLingui();
  useStepFocus(view.step);

  switch (view.step) {
    case 'verifying':
      return (
        <>
          <PageHeading>
            <Trans id="actions:verifyEmail.title">Confirming your email address</Trans>
          </PageHeading>
          <LoadingStatus>
            <Trans id="actions:verifyEmail.verifying">Checking your link…</Trans>
          </LoadingStatus>
        </>
      );
    case 'verifyFailed':
      return (
        <>
          <PageHeading>
            <Trans id="actions:verifyEmail.title">Confirming your email address</Trans>
          </PageHeading>
          <LoadFailed
            title={t({ id: 'actions:verifyEmail.verifyError', message: 'Your email address could not be confirmed right now' })}
            canRetry={view.canRetry}
            onRetry={() => send({ type: 'verify.retry' })}
            back={
              <Link href="/" standalone>
                <Trans id="actions:verifyEmail.toStart">To the start page</Trans>
              </Link>
            }
          >
            <Trans id="actions:verifyEmail.verifyError.description">This is not because of your link. Please try again in a moment.</Trans>
          </LoadFailed>
        </>
      );
    case 'confirmed':
      return (
        <>
          <PageHeading>
            <Trans id="actions:verifyEmail.confirmed.title">Your email address is confirmed</Trans>
          </PageHeading>
          <p>
            <Trans id="actions:verifyEmail.confirmed.text">Thank you. Sign in with your email address and password to see your tickets and your data.</Trans>
          </p>
          <ActionRow>
            <Button variant="primary" isDisabled={!view.canSignIn} onPress={() => send({ type: 'session.signIn' })}>
              <Trans id="actions:verifyEmail.confirmed.signIn">Sign in</Trans>
            </Button>
          </ActionRow>
        </>
      );
    case 'failed':
      return (
        <>
          <PageHeading>
            <Trans id="actions:verifyEmail.failed.title">Your email address could not be confirmed</Trans>
          </PageHeading>
          <p>
            <Trans id="actions:verifyEmail.failed.text">
              The link has already been used, has expired or is incomplete. Each link works once and for a limited time.
            </Trans>
          </p>
          {view.resendFailed ? (
            <Alert
              variant="destructive"
              headingLevel={2}
              className={notice}
              title={t({ id: 'actions:verifyEmail.resendError', message: 'The new link could not be sent' })}
            >
              <Trans id="actions:verifyEmail.resendError.description">Please try again in a moment.</Trans>
            </Alert>
          ) : null}
          {view.canResend ? (
            <>
              <p>
                <Trans id="actions:verifyEmail.failed.resendText">We can send a new link to the email address you want to confirm.</Trans>
              </p>
              <ActionRow>
                <Button variant="primary" isLoading={view.resending} onPress={() => send({ type: 'link.resend' })}>
                  <Trans id="actions:verifyEmail.failed.resend">Send a new link</Trans>
                </Button>
              </ActionRow>
            </>
          ) : (
            <>
              <p>
                <Trans id="actions:verifyEmail.failed.noUser">Please open the link from your most recent email again, completely as it is.</Trans>
              </p>
              <p>
                <Link href="/" standalone>
                  <Trans id="actions:verifyEmail.toStart">To the start page</Trans>
                </Link>
              </p>
            </>
          )}
        </>
      );
    case 'resent':
      return (
        <>
          <PageHeading>
            <Trans id="actions:verifyEmail.resent.title">A new link is on its way</Trans>
          </PageHeading>
          <p role="status">
            <Trans id="actions:verifyEmail.resent.text">
              If your email address still needs to be confirmed, you will shortly receive an email with a new link. If it does not arrive, please check your
              spam folder.
            </Trans>
          </p>
          <p>
            <Link href="/" standalone>
              <Trans id="actions:verifyEmail.toStart">To the start page</Trans>
            </Link>
          </p>
        </>
      );
  }
}
