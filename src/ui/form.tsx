import type { ReactNode } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';

import * as styles from './form.css';

export interface FormProps extends Omit<AriaFormProps, 'className'> {
  className?: string;
}

/**
 * react-aria's `Form` with vertical spacing. It passes `validationErrors` (e.g. from the server)
 * to its fields by name and, with `validationBehavior="aria"`, shows errors as the customer goes.
 */
export function Form({ className, ...props }: FormProps) {
  return <AriaForm {...props} className={[styles.form, className].filter(Boolean).join(' ')} />;
}

/** A row of form buttons (submit, back). */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
