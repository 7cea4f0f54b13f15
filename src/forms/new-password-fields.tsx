import { passwordSchema } from '#src/domain/account-rules';
import { validatorOf } from './field-validation';
import { withFieldGroup } from './form-hook';

/** A new password and its repetition as a form holds them. */
export interface NewPasswordFieldValues {
  password: string;
  repeatPassword: string;
}

/** The `fields` of a form whose new password fields are at its top level under their own names. */
export const newPasswordFields = { password: 'password', repeatPassword: 'repeatPassword' } as const;

export interface NewPasswordFieldsProps {
  /** "Password" at the registration, "New password" where one is changed or reset. */
  passwordLabel: string;
  repeatLabel: string;
}

/**
 * A new password with the live rules of SPEC.md 5.2 (the password field lists them as they are met)
 * and its repetition, which must match (`passwordMismatch`) and is checked again when the password
 * changes. Used by the registration, the password change and the password reset:
 * `<NewPasswordFields form={form} fields={newPasswordFields} passwordLabel={…} repeatLabel={…} />`.
 */
export const NewPasswordFields = withFieldGroup({
  defaultValues: { password: '', repeatPassword: '' } as NewPasswordFieldValues,
  props: {} as NewPasswordFieldsProps,
  render: function NewPasswordFieldsRender({ group, passwordLabel, repeatLabel }) {
    return (
      <>
        <group.AppField name="password" validators={{ onChange: validatorOf(passwordSchema) }}>
          {(field) => <field.PasswordField label={passwordLabel} autoComplete="new-password" isRequired />}
        </group.AppField>
        <group.AppField
          name="repeatPassword"
          validators={{
            onChangeListenTo: ['password'],
            onChange: ({ value }) => (value === '' ? 'required' : value !== group.getFieldValue('password') ? 'passwordMismatch' : undefined),
          }}
        >
          {(field) => <field.TextField type="password" label={repeatLabel} autoComplete="new-password" isRequired />}
        </group.AppField>
      </>
    );
  },
});
