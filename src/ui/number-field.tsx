import { Button as AriaButton, Group, Input, NumberField as AriaNumberField, type NumberFieldProps as AriaNumberFieldProps } from 'react-aria-components';

import { FieldFrame, type FieldFrameProps } from './field';
import * as styles from './field.css';
import { Icon } from './icon';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'children' | 'className'>, FieldFrameProps {
  className?: string;
}

/** Number input with 44 px stepper buttons (react-aria labels them "Increase"/"Decrease"). */
export function NumberField({ label, description, errorMessage, className, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={[styles.field, className].filter(Boolean).join(' ')}>
      <FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
        <Group className={styles.group}>
          <Input className={styles.groupInput} />
          <AriaButton slot="decrement" className={styles.groupButton}>
            <Icon name="minus" />
          </AriaButton>
          <AriaButton slot="increment" className={styles.groupButton}>
            <Icon name="plus" />
          </AriaButton>
        </Group>
      </FieldFrame>
    </AriaNumberField>
  );
}
