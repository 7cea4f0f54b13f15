import { Trans, useLingui } from '@lingui/react/macro';

import type { ChangePasswordFieldError } from '#machines/change-password/change-password.machine';
import { changePasswordSchema, requiredPasswordSchema } from '#src/domain/account-rules';
import { accountHref, BackLink } from '#src/flows/back-link';
import { outputOrShowIssues, validatorOf } from '#src/forms/field-validation';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { NewPasswordFields, newPasswordFields } from '#src/forms/new-password-fields';
import { useServerFieldErrors } from '#src/forms/server-field-errors';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { TooManyAttempts } from '#src/ui/too-many-attempts';
import * as styles from './change-password-screen.css';
import { useChangePassword } from './use-change-password';

/**
 * Changing the password (SPEC.md 2.3, 5.2, 8; issue 11 item 3): renders the flow's view and sends
 * its events, nothing else. The route puts the page heading above it. The passwords live in the
 * form only (never in storage), so a failure loses nothing typed.
 */
export function ChangePasswordScreen() {
  const { view, send } = useChangePassword();
  const { t } = useLingui();
  const form = useAppForm({
    defaultValues: { oldPassword: '', password: '', repeatPassword: '' },
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, changePasswordSchema, value);
      if (output) send({ type: 'password.change', change: { oldPassword: output.oldPassword, newPassword: output.password } });
    },
  });
  useServerFieldErrors(form, view.step === 'form' ? view.fieldErrors : noFieldErrors);

  if (view.step === 'done') {
    return (
      <LoadingStatus>
        <Trans id="account:changePassword.done">Your password has been changed. Taking you back to your data…</Trans>
      </LoadingStatus>
    );
  }
  return (
    <>
      <p className={styles.text}>
        <Trans id="account:changePassword.intro">
          Enter your current password and choose a new one. You stay signed in here; other browsers and devices where you are signed in are signed out.
        </Trans>
      </p>
      {view.error === 'changeFailed' ? (
        <Alert
          variant="destructive"
          headingLevel={2}
          className={notice}
          title={t({ id: 'account:changePassword.failed.title', message: 'Your password could not be changed' })}
        >
          <Trans id="account:changePassword.failed.description">
            Your password is unchanged. Please try again in a moment; what you entered is still here.
          </Trans>
        </Alert>
      ) : null}
      {view.error === 'tooManyAttempts' ? <TooManyAttempts retryAt={view.retryAt} /> : null}
      <FormFrame form={form} isBusy={view.changing} className={styles.form}>
        <form.AppField name="oldPassword" validators={{ onChange: validatorOf(requiredPasswordSchema) }}>
          {(field) => (
            <field.TextField
              type="password"
              label={t({ id: 'account:changePassword.oldPassword', message: 'Current password' })}
              autoComplete="current-password"
              translateError={(code) =>
                code === 'passwordIncorrect' ? t({ id: 'account:passwordIncorrect', message: 'This password is not correct.' }) : undefined
              }
              isRequired
            />
          )}
        </form.AppField>
        <NewPasswordFields
          form={form}
          fields={newPasswordFields}
          passwordLabel={t({ id: 'account:changePassword.newPassword', message: 'New password' })}
          repeatLabel={t({ id: 'account:changePassword.repeatPassword', message: 'Repeat new password' })}
        />
        <ActionRow>
          <SubmitButton variant="primary">
            <Trans id="account:changePassword.submit">Change password</Trans>
          </SubmitButton>
          <BackLink to={accountHref}>
            <Trans id="account:changePassword.cancel">Cancel</Trans>
          </BackLink>
        </ActionRow>
      </FormFrame>
    </>
  );
}

const noFieldErrors: readonly ChangePasswordFieldError[] = [];
