import type { ReactNode } from 'react';
import { SwitchButton, SwitchField, type SwitchFieldProps } from 'react-aria-components';

import { FieldHelp, type FieldFrameProps } from './field';
import * as styles from './switch.css';

export interface SwitchProps extends Omit<SwitchFieldProps, 'children' | 'className'>, Omit<FieldFrameProps, 'label'> {
  /** The label, next to the switch. */
  children: ReactNode;
  className?: string;
}

/** An on/off setting that applies at once (react-aria `SwitchField` + `SwitchButton`, role switch). */
export function Switch({ children, description, errorMessage, className, ...props }: SwitchProps) {
  return (
    <SwitchField {...props} className={[styles.field, className].filter(Boolean).join(' ')}>
      <SwitchButton className={styles.button}>
        <span className={styles.track}>
          <span className={styles.knob} />
        </span>
        <span>{children}</span>
      </SwitchButton>
      <div className={styles.description}>
        <FieldHelp description={description} errorMessage={errorMessage} />
      </div>
    </SwitchField>
  );
}
