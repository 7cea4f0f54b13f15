import type { ReactNode } from 'react';
import { CheckboxButton, CheckboxField, type CheckboxFieldProps, composeRenderProps } from 'react-aria-components';

import * as styles from './checkbox.css';
import { FieldHelp, type FieldFrameProps, RequiredMark } from './field';
import { Icon } from './icon';

export interface CheckboxProps extends Omit<CheckboxFieldProps, 'children' | 'className'>, Omit<FieldFrameProps, 'label'> {
  /** The label, next to the box. */
  children: ReactNode;
  className?: string;
}

/**
 * A single checkbox with its own description and error (react-aria `CheckboxField` +
 * `CheckboxButton`). A required one (e.g. accepting the terms) shows the asterisk after its label.
 */
export function Checkbox({ children, description, errorMessage, className, ...props }: CheckboxProps) {
  return (
    <CheckboxField {...props} className={[styles.field, className].filter(Boolean).join(' ')}>
      <CheckboxButton className={styles.button}>
        {composeRenderProps(children, (label, { isSelected, isIndeterminate }) => (
          <>
            <span className={styles.box}>{isIndeterminate ? <Icon name="minus" /> : isSelected ? <Icon name="check" /> : null}</span>
            <span>
              {label}
              {props.isRequired ? <RequiredMark /> : null}
            </span>
          </>
        ))}
      </CheckboxButton>
      <div className={styles.description}>
        <FieldHelp description={description} errorMessage={errorMessage} />
      </div>
    </CheckboxField>
  );
}
