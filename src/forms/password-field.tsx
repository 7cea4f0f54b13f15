import { useLingui } from '@lingui/react/macro';

import { passwordProblems } from '#src/domain/account-rules';
import { validationMessage } from '#src/i18n/validation-messages';
import { TextField, type TextFieldProps } from '#src/ui/text-field';
import { type BoundProps, useBoundField } from './bound-fields';
import { revalidateOnBlur } from './field-validation';
import * as styles from './password-field.css';

export type PasswordFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'isInvalid' | 'errorMessage' | 'name' | 'type' | 'description'> &
  BoundProps;

/**
 * A new password (SPEC.md 5.2): the rules still missing are listed as the customer types, as the
 * field's description and, once the field shows its error, as the error. Validate the field with
 * `passwordSchema`.
 */
export function PasswordField(props: PasswordFieldProps) {
  const { field, name, error, rest } = useBoundField<string, PasswordFieldProps>(props);
  const { isInvalid } = error;
  const rules = <PasswordRules password={field.state.value} />;
  return (
    <TextField
      {...rest}
      name={name}
      type="password"
      value={field.state.value}
      onChange={field.handleChange}
      onBlur={() => revalidateOnBlur(field)}
      description={rules}
      isInvalid={isInvalid}
      errorMessage={isInvalid ? rules : undefined}
    />
  );
}

/** The password rules still missing, updated as the customer types (a polite live region). */
function PasswordRules({ password }: { password: string }) {
  const { t, i18n } = useLingui();
  const missing = passwordProblems(password).filter((code) => code !== 'required');
  return (
    <span className={styles.rules} aria-live="polite" data-password-rules="">
      {missing.length === 0 ? (
        t({ id: 'registration:step.password.ok', message: 'Your password meets every rule.' })
      ) : (
        <>
          {t({ id: 'registration:step.password.missing', message: 'Your password is not complete yet:' })}
          <span role="list" className={styles.rulesList}>
            {missing.map((code) => (
              <span role="listitem" key={code} className={styles.rule}>
                {validationMessage(i18n, code)}
              </span>
            ))}
          </span>
        </>
      )}
    </span>
  );
}
