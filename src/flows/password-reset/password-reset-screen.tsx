import { Trans, useLingui } from '@lingui/react/macro';

import type { ResetLink } from '#machines/password-reset/password-reset.machine';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { DonePage } from '#src/ui/done-page';
import { notice } from '#src/ui/notice.css';
import { PageHeading } from '#src/ui/page-heading';
import { useStepFocus } from '#src/ui/use-step-focus';
import { NewPasswordForm, RequestForm } from './password-reset-forms';
import * as styles from './password-reset-screen.css';
import { usePasswordReset } from './use-password-reset';

export interface PasswordResetScreenProps {
  /** The mailed link's query, read once when the page opened; undefined for the request step. */
  link: ResetLink | undefined;
  /** The customer service's address, for a reset that is refused. */
  supportEmail: string;
}

/**
 * The password reset (SPEC.md 2.3: request, sent, reset, success): renders the flow's view and
 * sends its events, nothing else. Each step has its own page heading, which takes focus when the
 * step changes (SPEC.md 4.8).
 */
export function PasswordResetScreen({ link, supportEmail }: PasswordResetScreenProps) {
  const { view, send } = usePasswordReset(link);
  const { t } = useLingui();
  useStepFocus(view.step);

  const requestError = (error: 'requestStep.error403' | 'requestStep.error' | undefined) =>
    error === 'requestStep.error403' ? (
      <Alert
        variant="destructive"
        headingLevel={2}
        className={notice}
        title={t({ id: 'account:requestStep.error403', message: 'The password cannot be reset for this email address' })}
      >
        <Trans id="account:requestStep.error403.description">
          Please contact our customer service: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </Trans>
      </Alert>
    ) : error === 'requestStep.error' ? (
      <Alert variant="destructive" headingLevel={2} className={notice} title={t({ id: 'account:requestStep.error', message: 'The link could not be sent' })}>
        <Trans id="account:requestStep.error.description">Please try again in a moment. Your email address is kept.</Trans>
      </Alert>
    ) : null;

  switch (view.step) {
    case 'request':
      return (
        <>
          <PageHeading>
            <Trans id="account:passwordReset.title">Reset your password</Trans>
          </PageHeading>
          <p className={styles.text}>
            <Trans id="account:passwordReset.request.intro">
              Enter the email address of your customer account. We send you a link with which you set a new password.
            </Trans>
          </p>
          {requestError(view.error)}
          <RequestForm email={view.email} busy={view.requesting} onSubmit={(email) => send({ type: 'link.request', email })} />
        </>
      );
    case 'sent': {
      const { email } = view;
      return (
        <>
          <PageHeading>
            <Trans id="account:passwordReset.sent.title">Check your email</Trans>
          </PageHeading>
          <p className={styles.text}>
            <Trans id="account:passwordReset.sent.text">
              If there is a customer account for {email}, we have sent a link to this address. With it you can set a new password; it works once and for one
              hour.
            </Trans>
          </p>
          <p className={styles.text}>
            <Trans id="account:passwordReset.sent.noMail">No email? Please also look in your spam folder, or ask for another link.</Trans>
          </p>
          {view.resent ? (
            <Alert
              variant="success"
              announce
              headingLevel={2}
              className={notice}
              title={t({ id: 'account:passwordReset.sent.resent', message: 'We have sent another link' })}
            >
              <Trans id="account:passwordReset.sent.resent.description">Only the newest links work; please use the one in the latest email.</Trans>
            </Alert>
          ) : null}
          {requestError(view.error)}
          <ActionRow>
            <Button variant="primary" isLoading={view.resending} isDisabled={view.coolingDown} onPress={() => send({ type: 'link.resend' })}>
              <Trans id="account:passwordReset.sent.resend">Send another link</Trans>
            </Button>
            <Button variant="secondary" isDisabled={view.resending} onPress={() => send({ type: 'email.edit' })}>
              <Trans id="account:passwordReset.sent.edit">Use another email address</Trans>
            </Button>
          </ActionRow>
          <p className={styles.hint} aria-live="polite">
            {view.coolingDown ? <Trans id="account:passwordReset.sent.wait">You can ask for another link in a moment.</Trans> : null}
          </p>
        </>
      );
    }
    case 'reset':
      return (
        <>
          <PageHeading>
            <Trans id="account:passwordReset.reset.title">Set a new password</Trans>
          </PageHeading>
          <p className={styles.text}>
            <Trans id="account:passwordReset.reset.intro">Choose a new password for your customer account. You then sign in with it.</Trans>
          </p>
          {view.error === 'resetFailed' ? (
            <Alert
              variant="destructive"
              headingLevel={2}
              className={notice}
              title={t({ id: 'account:passwordReset.resetFailed', message: 'Your password could not be changed' })}
            >
              <Trans id="account:passwordReset.resetFailed.description">Nothing has changed yet. Please try again in a moment; what you entered is kept.</Trans>
            </Alert>
          ) : null}
          <NewPasswordForm busy={view.resetting} onSubmit={(password) => send({ type: 'password.submit', password })} />
        </>
      );
    case 'linkInvalid':
      return (
        <>
          <PageHeading>
            <Trans id="account:passwordReset.linkInvalid.title">This link does not work</Trans>
          </PageHeading>
          <Alert
            variant="destructive"
            headingLevel={2}
            className={notice}
            title={t({ id: 'account:passwordInput.errorInvalid', message: 'The link is invalid, has been used already or has expired' })}
          >
            <Trans id="account:passwordInput.errorInvalid.description">
              A link to reset your password works once and for one hour. Please ask for a new one.
            </Trans>
          </Alert>
          <ActionRow>
            <Button variant="primary" onPress={() => send({ type: 'link.requestNew' })}>
              <Trans id="account:passwordReset.linkInvalid.requestNew">Ask for a new link</Trans>
            </Button>
          </ActionRow>
        </>
      );
    case 'done':
      return (
        <DonePage
          title={<Trans id="account:passwordReset.done.title">Your password has been changed</Trans>}
          linkHref="/app/dashboard"
          linkLabel={<Trans id="account:passwordReset.done.signIn">Sign in</Trans>}
        >
          <p className={styles.text}>
            <Trans id="account:passwordReset.done.text">
              You can now sign in with your new password. For your security, every device signed in to your account has been signed out.
            </Trans>
          </p>
        </DonePage>
      );
  }
}
