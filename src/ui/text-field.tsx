import { Input, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';

import { FieldFrame, type FieldFrameProps } from './field';
import * as styles from './field.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className'>, FieldFrameProps {
  placeholder?: string;
  /** A multi-line text area instead of a single-line input. */
  multiline?: boolean;
  className?: string;
}

export function TextField({ label, description, errorMessage, placeholder, multiline, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={[styles.field, className].filter(Boolean).join(' ')}>
      <FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
        {multiline ? <TextArea className={styles.input} placeholder={placeholder} rows={4} /> : <Input className={styles.input} placeholder={placeholder} />}
      </FieldFrame>
    </AriaTextField>
  );
}
