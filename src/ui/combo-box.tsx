import type { ReactNode } from 'react';
import { Button as AriaButton, ComboBox as AriaComboBox, type ComboBoxProps as AriaComboBoxProps, Group, Input, ListBox } from 'react-aria-components';

import * as styles from './combo-box.css';
import { FieldFrame, type FieldFrameProps } from './field';
import * as fieldStyles from './field.css';
import { Icon } from './icon';
import * as listStyles from './list-box.css';
import { Popover } from './popover';

export interface ComboBoxProps<T extends object> extends Omit<AriaComboBoxProps<T, 'single'>, 'children' | 'className' | 'selectionMode'>, FieldFrameProps {
  placeholder?: string;
  /** `ListBoxItem`s / `ListBoxSection`s, or a function of each item when `items` is given. */
  children: ReactNode | ((item: T) => ReactNode);
  className?: string;
  /** What the open list says when nothing matches (with `allowsEmptyCollection`). */
  emptyState?: ReactNode;
}

/**
 * A text input with a filtered list (max-height 300 px, scrolls). react-aria names the list
 * button ("Show suggestions") and the list in the active locale.
 */
export function ComboBox<T extends object>({ label, description, errorMessage, placeholder, children, className, emptyState, ...props }: ComboBoxProps<T>) {
  return (
    <AriaComboBox {...props} className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
        <Group className={[fieldStyles.group, styles.group].join(' ')}>
          <Input className={fieldStyles.groupInput} placeholder={placeholder} />
          <AriaButton className={fieldStyles.groupButton}>
            <Icon name="chevronDown" />
          </AriaButton>
        </Group>
      </FieldFrame>
      <Popover width="trigger" placement="bottom start">
        <ListBox
          className={[listStyles.listBox, listStyles.comboBoxList].join(' ')}
          {...(emptyState === undefined ? {} : { renderEmptyState: () => <div className={styles.emptyState}>{emptyState}</div> })}
        >
          {children}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
