import { type ReactNode, useContext } from 'react';
import { FieldError, FieldErrorContext, Label, Text, type ValidationResult } from 'react-aria-components';

import * as styles from './field.css';
import { Icon } from './icon';

/** What every field of the design system takes besides its react-aria props. */
export interface FieldFrameProps {
  label?: ReactNode;
  /** Help text under the control. Not rendered while an error is shown (SPEC.md section 5.4). */
  description?: ReactNode;
  /** The message when the field is invalid; by default react-aria's validation messages. */
  errorMessage?: ReactNode | ((validation: ValidationResult) => ReactNode);
}

export interface FieldLabelProps {
  children: ReactNode;
  isRequired?: boolean | undefined;
}

/**
 * The field's label. A required field shows an asterisk that screen readers skip (`aria-hidden`):
 * they hear "required" from the control itself, which gets `isRequired`.
 */
export function FieldLabel({ children, isRequired }: FieldLabelProps) {
  return (
    <Label className={styles.label}>
      {children}
      {isRequired ? <RequiredMark /> : null}
    </Label>
  );
}

/** The asterisk of a required field, for labels that are not a react-aria `Label` (checkbox). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className={styles.asterisk} data-required-mark="">
      *
    </span>
  );
}

export interface FieldHelpProps {
  description?: ReactNode;
  errorMessage?: FieldFrameProps['errorMessage'];
}

/**
 * Description or error, never both: when the surrounding react-aria field is invalid and there is
 * a message, the error (red, with an icon) takes the description's place. Both go through
 * react-aria's slots, so the control's `aria-describedby` points at whichever is shown.
 */
export function FieldHelp({ description, errorMessage }: FieldHelpProps) {
  const validation = useContext(FieldErrorContext);
  const showsError = Boolean(validation?.isInvalid) && (errorMessage != null || (validation?.validationErrors.length ?? 0) > 0);

  if (showsError) {
    return (
      <FieldError className={styles.error}>
        {(state) => (
          <>
            <Icon name="error" />
            <span>{typeof errorMessage === 'function' ? errorMessage(state) : (errorMessage ?? state.validationErrors.join(' '))}</span>
          </>
        )}
      </FieldError>
    );
  }
  if (description == null) return null;
  return (
    <Text slot="description" className={styles.description}>
      {description}
    </Text>
  );
}

export interface FieldFrameInnerProps extends FieldFrameProps {
  isRequired?: boolean | undefined;
  children: ReactNode;
}

/** Label, control and help text in the order every field uses. */
export function FieldFrame({ label, description, errorMessage, isRequired, children }: FieldFrameInnerProps) {
  return (
    <>
      {label != null ? <FieldLabel isRequired={isRequired}>{label}</FieldLabel> : null}
      {children}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </>
  );
}
