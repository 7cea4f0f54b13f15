import { useLingui } from '@lingui/react/macro';

import { emailSchema, newPasswordSchema, passwordResetRequestSchema } from '#src/domain/account-rules';
import { FormFrame, SubmitButton } from '#src/forms/form-frame';
import { outputOrShowIssues, validatorOf } from '#src/forms/field-validation';
import { useAppForm } from '#src/forms/form-hook';
import { NewPasswordFields, newPasswordFields } from '#src/forms/new-password-fields';
import { ActionRow } from '#src/ui/action-row';
import * as styles from './password-reset-screen.css';

/**
 * The request step's form: one email address (SPEC.md 5.2: required, a general pattern, validated
 * when the field is left). It starts with the address asked for last, so a failure loses nothing.
 */
export function RequestForm({ email, busy, onSubmit }: { email: string; busy: boolean; onSubmit: (email: string) => void }) {
  const { t } = useLingui();
  const form = useAppForm({
    defaultValues: { email },
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, passwordResetRequestSchema, value);
      if (output) onSubmit(output.email);
    },
  });
  return (
    <FormFrame form={form} isBusy={busy} className={styles.form}>
      <form.AppField name="email" validators={{ onChange: validatorOf(emailSchema) }}>
        {(field) => (
          <field.TextField
            type="email"
            label={t({ id: 'account:passwordReset.request.email', message: 'Email address' })}
            description={t({ id: 'account:passwordReset.request.email.description', message: 'The address you sign in with.' })}
            autoComplete="email"
            isRequired
          />
        )}
      </form.AppField>
      <ActionRow>
        <SubmitButton variant="primary">{t({ id: 'account:passwordReset.request.submit', message: 'Send link' })}</SubmitButton>
      </ActionRow>
    </FormFrame>
  );
}

/**
 * The reset step's form: the new password with the rules still missing (SPEC.md 5.2, the kit's
 * password field) and its repetition. The values live in the form only: a failure keeps them on
 * screen, nothing puts them into storage.
 */
export function NewPasswordForm({ busy, onSubmit }: { busy: boolean; onSubmit: (password: string) => void }) {
  const { t } = useLingui();
  const form = useAppForm({
    defaultValues: { password: '', repeatPassword: '' },
    onSubmit: ({ value, formApi }) => {
      const output = outputOrShowIssues(formApi, newPasswordSchema, value);
      if (output) onSubmit(output.password);
    },
  });
  return (
    <FormFrame form={form} isBusy={busy} className={styles.form}>
      <NewPasswordFields
        form={form}
        fields={newPasswordFields}
        passwordLabel={t({ id: 'account:passwordReset.reset.password', message: 'New password' })}
        repeatLabel={t({ id: 'account:passwordReset.reset.repeatPassword', message: 'Repeat new password' })}
      />
      <ActionRow>
        <SubmitButton variant="primary">{t({ id: 'account:passwordReset.reset.submit', message: 'Save new password' })}</SubmitButton>
      </ActionRow>
    </FormFrame>
  );
}
