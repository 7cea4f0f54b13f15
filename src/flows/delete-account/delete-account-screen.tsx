import { Trans, useLingui } from '@lingui/react/macro';

import { deleteAccountSchema, requiredPasswordSchema } from '#src/domain/account-rules';
import { accountHref, BackLink } from '#src/flows/back-link';
import { outputOrShowIssues, validatorOf } from '#src/forms/field-validation';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { type ServerFieldError, useServerFieldErrors } from '#src/forms/server-field-errors';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { AlertDialog } from '#src/ui/alert-dialog';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { TooManyAttempts } from '#src/ui/too-many-attempts';
import * as styles from './delete-account-screen.css';
import { useDeleteAccount } from './use-delete-account';

/**
 * Deleting the account (SPEC.md 2.3, 4.5, 5.2, 8; issue 11 item 4): renders the flow's view and
 * sends its events, nothing else. The route puts the page heading above it. The password lives in
 * the form only (never in storage); the dialog's confirmation sends it with the event.
 */
export function DeleteAccountScreen() {
  const { view, send } = useDeleteAccount();
  const { t } = useLingui();
  const form = useAppForm({
    defaultValues: { password: '' },
    onSubmit: ({ value, formApi }) => {
      if (outputOrShowIssues(formApi, deleteAccountSchema, value)) send({ type: 'deletion.request' });
    },
  });
  // After the dialog's own focus restoration (it gives the focus back in an animation frame).
  useServerFieldErrors(form, view.step === 'password' && view.error === 'passwordIncorrect' ? passwordIncorrect : noFieldErrors, { focus: 'firstAfterFrame' });

  switch (view.step) {
    case 'checking':
      return (
        <LoadingStatus>
          <Trans id="account:deleteAccount.checking">Checking whether your account can be deleted…</Trans>
        </LoadingStatus>
      );
    case 'checkFailed':
      return (
        <LoadFailed
          title={t({ id: 'account:deleteAccount.checkFailed', message: 'We could not check whether your account can be deleted' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'check.retry' })}
          back={<BackLink to={accountHref} />}
        >
          <Trans id="account:deleteAccount.checkFailed.description">Nothing has been deleted. Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'deleted':
      return (
        <LoadingStatus>
          <Trans id="account:deleteAccount.signingOut">Your account has been deleted. Signing you out…</Trans>
        </LoadingStatus>
      );
    case 'password':
      return (
        <>
          <p className={styles.text}>
            <Trans id="account:deleteAccount.intro">When you delete your account:</Trans>
          </p>
          <ul className={styles.text}>
            <li>
              <Trans id="account:deleteAccount.consequence.signIn">
                you can no longer sign in to the portal, and you are signed out in every browser; your tickets and data can no longer be seen here.
              </Trans>
            </li>
            <li>
              <Trans id="account:deleteAccount.consequence.subscriptions">
                your subscriptions are not terminated by it. If you want to end one, terminate it first under My tickets.
              </Trans>
            </li>
            <li>
              <Trans id="account:deleteAccount.consequence.final">it cannot be undone. You can register again later with the same email address.</Trans>
            </li>
          </ul>
          {view.error === 'deleteFailed' ? (
            <Alert
              variant="destructive"
              headingLevel={2}
              className={notice}
              title={t({ id: 'account:deleteFailed', message: 'Your account could not be deleted' })}
            >
              <Trans id="account:deleteFailed.description">Your account still exists. Please try again in a moment or contact our customer service.</Trans>
            </Alert>
          ) : null}
          {view.error === 'tooManyAttempts' ? <TooManyAttempts retryAt={view.retryAt} /> : null}
          <FormFrame form={form} isBusy={view.deleting} className={styles.form}>
            <form.AppField name="password" validators={{ onChange: validatorOf(requiredPasswordSchema) }}>
              {(field) => (
                <field.TextField
                  type="password"
                  label={t({ id: 'account:deleteAccount.password', message: 'Your password' })}
                  description={t({ id: 'account:deleteAccount.password.description', message: 'To confirm that it is you.' })}
                  autoComplete="current-password"
                  translateError={(code) =>
                    code === 'passwordIncorrect' ? t({ id: 'account:passwordIncorrect', message: 'This password is not correct.' }) : undefined
                  }
                  isRequired
                />
              )}
            </form.AppField>
            <ActionRow>
              <SubmitButton variant="primary">
                <Trans id="account:deleteAccount.submit">Delete account</Trans>
              </SubmitButton>
              <BackLink to={accountHref}>
                <Trans id="account:deleteAccount.cancel">Cancel</Trans>
              </BackLink>
            </ActionRow>
          </FormFrame>
          <AlertDialog
            isOpen={view.dialogOpen}
            variant="destructive"
            title={t({ id: 'account:deleteAccount.dialog.title', message: 'Delete your account for good?' })}
            confirmLabel={t({ id: 'account:deleteAccount.dialog.confirm', message: 'Yes, delete my account' })}
            cancelLabel={t({ id: 'account:deleteAccount.dialog.cancel', message: 'Keep my account' })}
            isConfirmLoading={view.deleting}
            onConfirm={() => send({ type: 'deletion.confirm', password: form.getFieldValue('password') })}
            onOpenChange={(isOpen) => {
              if (!isOpen) send({ type: 'deletion.cancel' });
            }}
          >
            <p>
              <Trans id="account:deleteAccount.dialog.description">
                You can no longer sign in, and this cannot be undone. Your subscriptions are not terminated by it.
              </Trans>
            </p>
          </AlertDialog>
        </>
      );
  }
}

/** SPEC.md 8's passwordIncorrect at the password field, as if its own rule had said so. */
const passwordIncorrect: readonly ServerFieldError[] = [{ field: 'password', code: 'passwordIncorrect' }];
const noFieldErrors: readonly ServerFieldError[] = [];
