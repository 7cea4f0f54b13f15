import type { ReactNode } from 'react';
import {
  RadioButton,
  RadioField,
  type RadioFieldProps,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  Text,
} from 'react-aria-components';

import { FieldFrame, type FieldFrameProps } from './field';
import * as styles from './radio-group.css';

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children' | 'className'>, FieldFrameProps {
  children: ReactNode;
  className?: string;
}

/** A labelled group of radios; description or error under the group. */
export function RadioGroup({ label, description, errorMessage, children, className, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className={[styles.group, className].filter(Boolean).join(' ')}>
      <FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
        <div className={styles.items}>{children}</div>
      </FieldFrame>
    </AriaRadioGroup>
  );
}

export interface RadioProps extends Omit<RadioFieldProps, 'children' | 'className'> {
  children: ReactNode;
  /** A hint for this option only. */
  description?: ReactNode;
  className?: string;
}

/** One option (react-aria `RadioField` + `RadioButton`). */
export function Radio({ children, description, className, ...props }: RadioProps) {
  return (
    <RadioField {...props} className={[styles.radioField, className].filter(Boolean).join(' ')}>
      <RadioButton className={styles.button}>
        <span className={styles.circle} />
        <span>{children}</span>
      </RadioButton>
      {description != null ? (
        <Text slot="description" className={styles.radioDescription}>
          {description}
        </Text>
      ) : null}
    </RadioField>
  );
}
