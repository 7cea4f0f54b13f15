import { Trans, useLingui } from '@lingui/react/macro';
import { useRouteContext } from '@tanstack/react-router';
import * as v from 'valibot';

import type { ChangeEmailView } from '#machines/change-email/change-email.selectors';
import { changeEmailCodeSchema, isSameAddress, newEmailSchema, resendCooldownSeconds } from '#src/domain/change-email';
import { accountHref, BackLink } from '#src/flows/back-link';
import { outputOrShowIssues, validatorOf } from '#src/forms/field-validation';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { TooManyAttempts } from '#src/ui/too-many-attempts';
import { useStepFocus } from '#src/ui/use-step-focus';
import * as styles from './change-email-screen.css';
import { useChangeEmail } from './use-change-email';

type Send = ReturnType<typeof useChangeEmail>['send'];

/**
 * Changing the email address (SPEC.md 2.3, 4.5, 5.2, 8): the pre-check, the new address, the code
 * sent to it. Renders the flow's view and sends its events, nothing else; the route puts the page
 * heading above it, and each new step takes the focus to it (SPEC.md 4.8).
 */
export function ChangeEmailScreen() {
  const { view, send } = useChangeEmail();
  const { t } = useLingui();
  useStepFocus(view.step);

  switch (view.step) {
    case 'loading':
      return (
        <LoadingStatus>
          <Trans id="account:changeEmail.loading">Checking whether your email address can be changed…</Trans>
        </LoadingStatus>
      );
    case 'loadFailed':
      return (
        <LoadFailed
          title={t({ id: 'account:changeEmail.loadError', message: 'We could not check whether your email address can be changed' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'load.retry' })}
          back={<BackLink to={accountHref} />}
        >
          <Trans id="account:changeEmail.loadError.description">Nothing has changed. Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'notAllowed':
      return <NotAllowed />;
    case 'address':
      return <AddressStep view={view} send={send} />;
    case 'code':
      return <CodeStep view={view} send={send} />;
    case 'done':
      return (
        <p role="status">
          <Trans id="account:changeEmail.done">Your email address has been changed.</Trans>
        </p>
      );
  }
}

function NotAllowed() {
  const { t } = useLingui();
  const { config } = useRouteContext({ from: '__root__' });
  return (
    <>
      <Alert
        variant="warning"
        headingLevel={2}
        announce
        className={notice}
        title={t({ id: 'account:changeEmail.notAllowed.title', message: 'The email address of this account cannot be changed online' })}
      >
        <p>
          <Trans id="account:changeEmail.notAllowed.description">
            This account’s email address can only be changed by our customer service. Write to us and tell us the new address:
          </Trans>{' '}
          <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
        </p>
      </Alert>
      <ActionRow>
        <BackLink to={accountHref} />
      </ActionRow>
    </>
  );
}

function AddressStep({ view, send }: { view: Extract<ChangeEmailView, { step: 'address' }>; send: Send }) {
  const { t } = useLingui();
  const fieldSchema = newEmailSchema(view.currentEmail);
  const formSchema = v.object({ newEmail: fieldSchema });
  const form = useAppForm({
    defaultValues: { newEmail: view.newEmail },
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, formSchema, value);
      if (output) send({ type: 'address.submit', newEmail: output.newEmail });
    },
  });
  const currentEmail = view.currentEmail;
  return (
    <>
      <p className={styles.text}>
        <Trans id="account:changeEmail.intro">
          Your email address is {currentEmail}. Enter your new address: we send a code to it. Your address changes only when you confirm that code here.
        </Trans>
      </p>
      {view.failed ? (
        <Alert
          variant="destructive"
          headingLevel={2}
          className={notice}
          title={t({ id: 'account:changeEmail.sendCodeFailed.title', message: 'The code could not be sent' })}
        >
          <Trans id="account:changeEmail.sendCodeFailed.description">Nothing has changed. Please try again in a moment.</Trans>
        </Alert>
      ) : null}
      {view.tooManyAttempts ? <TooManyAttempts retryAt={view.retryAt} /> : null}
      <FormFrame form={form} isBusy={view.sending} className={styles.form}>
        <form.AppField name="newEmail" validators={{ onChange: validatorOf(fieldSchema) }}>
          {(field) => {
            // What the server said belongs to the address it said it for; another address is checked anew.
            const serverError = view.addressError && isSameAddress(field.state.value, view.newEmail) ? view.addressError : undefined;
            return (
              <field.TextField
                label={t({ id: 'account:changeEmail.newEmail', message: 'New email address' })}
                type="email"
                autoComplete="email"
                isRequired
                serverError={serverError}
                translateError={(code) =>
                  code === 'sameAsCurrent'
                    ? t({ id: 'account:changeEmail.sameAsCurrent', message: 'This is your current email address. Please enter a new one.' })
                    : undefined
                }
                {...(serverError ? { renderError: (message: string) => <span role="alert">{message}</span> } : {})}
              />
            );
          }}
        </form.AppField>
        <ActionRow>
          <SubmitButton variant="primary">
            <Trans id="account:changeEmail.sendCode">Send code</Trans>
          </SubmitButton>
          <BackLink to={accountHref} />
        </ActionRow>
      </FormFrame>
    </>
  );
}

function CodeStep({ view, send }: { view: Extract<ChangeEmailView, { step: 'code' }>; send: Send }) {
  const { t } = useLingui();
  const formSchema = v.object({ code: changeEmailCodeSchema });
  const form = useAppForm({
    defaultValues: { code: view.code },
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, formSchema, value);
      if (output) send({ type: 'code.submit', code: output.code });
    },
  });
  const newEmail = view.newEmail;
  const seconds = resendCooldownSeconds;
  return (
    <>
      <p className={styles.text}>
        <Trans id="account:changeEmail.codeSent">
          We have sent a code to {newEmail}. Enter it here to confirm your new address. If no email arrives, check the spam folder or ask for a new code.
        </Trans>
      </p>
      {view.codeResent ? (
        <Alert
          variant="success"
          headingLevel={2}
          announce
          className={notice}
          title={t({ id: 'account:changeEmail.codeResent', message: 'We have sent you a new code' })}
        >
          <Trans id="account:changeEmail.codeResent.description">Only the newest code is valid.</Trans>
        </Alert>
      ) : null}
      {view.error === 'emailChangeFailed' ? (
        <Alert
          variant="destructive"
          headingLevel={2}
          className={notice}
          title={t({ id: 'account:changeEmail.emailChangeFailed.title', message: 'Your email address could not be changed' })}
        >
          <Trans id="account:changeEmail.emailChangeFailed.description">Nothing has changed. Please try again in a moment.</Trans>
        </Alert>
      ) : null}
      {view.error === 'resendFailed' ? (
        <Alert
          variant="destructive"
          headingLevel={2}
          className={notice}
          title={t({ id: 'account:changeEmail.resendFailed.title', message: 'The new code could not be sent' })}
        >
          <Trans id="account:changeEmail.resendFailed.description">Your code so far is still valid. Please try again in a moment.</Trans>
        </Alert>
      ) : null}
      {view.error === 'tooManyAttempts' ? <TooManyAttempts retryAt={view.retryAt} /> : null}
      <FormFrame form={form} isBusy={view.confirming || !view.canConfirm} className={styles.form}>
        <form.AppField name="code" validators={{ onChange: validatorOf(changeEmailCodeSchema) }}>
          {(field) => {
            const serverError = view.codeError && field.state.value.trim() === view.code ? view.codeError : undefined;
            return (
              <field.TextField
                label={t({ id: 'account:changeEmail.code', message: 'Code from the email' })}
                autoComplete="one-time-code"
                inputMode="numeric"
                isRequired
                serverError={serverError}
                translateError={(code) =>
                  code === 'invalidCode'
                    ? t({
                        id: 'account:changeEmail.invalidCode',
                        message: 'This code is wrong or no longer valid. Check the code in the email, or ask for a new code.',
                      })
                    : undefined
                }
                {...(serverError ? { renderError: (message: string) => <span role="alert">{message}</span> } : {})}
              />
            );
          }}
        </form.AppField>
        <ActionRow>
          <SubmitButton variant="primary">
            <Trans id="account:changeEmail.confirm">Confirm new address</Trans>
          </SubmitButton>
        </ActionRow>
      </FormFrame>
      <ActionRow>
        <Button variant="secondary" isDisabled={!view.canResend && !view.resending} isLoading={view.resending} onPress={() => send({ type: 'code.resend' })}>
          <Trans id="account:changeEmail.resend">Send a new code</Trans>
        </Button>
        <Button variant="secondary" isDisabled={!view.canChangeAddress} onPress={() => send({ type: 'address.edit' })}>
          <Trans id="account:changeEmail.changeAddress">Use another address</Trans>
        </Button>
      </ActionRow>
      {view.coolingDown ? (
        <p className={styles.hint}>
          <Trans id="account:changeEmail.resendSoon">You can ask for a new code {seconds} seconds after the last one.</Trans>
        </p>
      ) : null}
      <p>
        <BackLink to={accountHref} />
      </p>
    </>
  );
}
