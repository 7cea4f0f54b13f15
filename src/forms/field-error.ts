import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type AnyFieldApi, useStore } from '@tanstack/react-form';
import type { ReactNode } from 'react';

import { validationMessage } from '#src/i18n/validation-messages';
import { useFieldContext } from './form-contexts';
import { errorCode, revalidateOnBlur } from './field-validation';

/** What a design-system field (`src/ui/`) takes to show an error. */
export interface FieldErrorProps {
  isInvalid: boolean;
  errorMessage: ReactNode | undefined;
}

/** How a field shows its error, besides the rule (every option is optional). */
export interface FieldErrorOptions {
  /** Another message for a code, e.g. a server's error hint for `customValidation`. */
  translateError?: ((code: string) => string | undefined) | undefined;
  /** A code shown at once, whatever the field's state: what the server answered for this value. */
  serverError?: string | undefined;
  /** The message around its code, e.g. with a link: `(message, code) => <>{message} {link}</>`. */
  renderError?: ((message: string, code: string) => ReactNode) | undefined;
}

/**
 * The error props of a design-system field from a TanStack field: its first error, shown once the
 * field was left or the form was submitted (a server's error at once), translated with
 * `validationMessage`.
 */
export function fieldErrorProps(field: AnyFieldApi, submitted: boolean, i18n: I18n, options: FieldErrorOptions = {}): FieldErrorProps {
  const meta = field.state.meta;
  const code = options.serverError ?? (meta.isBlurred || submitted ? errorCode(meta.errors) : undefined);
  if (code === undefined) return { isInvalid: false, errorMessage: undefined };
  const message = options.translateError?.(code) ?? validationMessage(i18n, code);
  return { isInvalid: true, errorMessage: options.renderError ? options.renderError(message, code) : message };
}

/** `fieldErrorProps` of the field in context (a field component of the kit), in the active language. */
export function useFieldError(options?: FieldErrorOptions): FieldErrorProps {
  const field = useFieldContext<unknown>();
  const { i18n } = useLingui();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  return fieldErrorProps(field, submitted, i18n, options);
}

/** What a text field takes from its form field: the value, change and blur, and its error props. */
export function bindTextField(field: AnyFieldApi, error: FieldErrorProps) {
  return {
    value: field.state.value as string,
    onChange: field.handleChange as (value: string) => void,
    onBlur: () => revalidateOnBlur(field),
    ...error,
  };
}
