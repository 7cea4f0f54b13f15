import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button as AriaButton, ListBox, Select as AriaSelect, type SelectProps as AriaSelectProps, SelectValue } from 'react-aria-components';

import { FieldFrame, type FieldFrameProps } from './field';
import * as fieldStyles from './field.css';
import { Icon } from './icon';
import * as listStyles from './list-box.css';
import { Popover } from './popover';
import * as styles from './select.css';

export interface SelectProps<T extends object> extends Omit<AriaSelectProps<T, 'single'>, 'children' | 'className' | 'selectionMode'>, FieldFrameProps {
  items?: Iterable<T>;
  /** `ListBoxItem`s / `ListBoxSection`s, or a function of each item when `items` is given. */
  children: ReactNode | ((item: T) => ReactNode);
  className?: string;
}

/** A single-choice list in a popover. The placeholder defaults to "Select an option". */
export function Select<T extends object>({ label, description, errorMessage, items, children, placeholder, className, ...props }: SelectProps<T>) {
  const { t } = useLingui();
  return (
    <AriaSelect
      {...props}
      placeholder={placeholder ?? t({ id: 'common:select.placeholder', message: 'Select an option' })}
      className={[fieldStyles.field, className].filter(Boolean).join(' ')}
    >
      <FieldFrame label={label} description={description} errorMessage={errorMessage} isRequired={props.isRequired}>
        <AriaButton className={styles.trigger}>
          <SelectValue className={styles.value} />
          <Icon name="chevronDown" />
        </AriaButton>
      </FieldFrame>
      <Popover width="trigger" placement="bottom start">
        <ListBox items={items} className={listStyles.listBox}>
          {children}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
