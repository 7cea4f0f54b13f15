import type { ReactNode } from 'react';
import {
  Collection,
  composeRenderProps,
  Header,
  ListBoxItem as AriaListBoxItem,
  type ListBoxItemProps as AriaListBoxItemProps,
  ListBoxSection as AriaListBoxSection,
  type ListBoxSectionProps as AriaListBoxSectionProps,
} from 'react-aria-components';

import { Icon } from './icon';
import * as styles from './list-box.css';

export interface ListBoxItemProps<T extends object> extends Omit<AriaListBoxItemProps<T>, 'className'> {
  className?: string;
}

/** An option of a Select or ComboBox; the selected one carries a check mark besides its weight. */
export function ListBoxItem<T extends object>({ className, children, ...props }: ListBoxItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaListBoxItem {...props} textValue={textValue} className={[styles.item, className].filter(Boolean).join(' ')}>
      {composeRenderProps(children, (content, { isSelected }) => (
        <>
          <span className={styles.check}>{isSelected ? <Icon name="check" /> : null}</span>
          <span>{content}</span>
        </>
      ))}
    </AriaListBoxItem>
  );
}

export interface ListBoxSectionProps<T extends object> extends Omit<AriaListBoxSectionProps<T>, 'className'> {
  title: ReactNode;
  className?: string;
}

/** A titled group of options. */
export function ListBoxSection<T extends object>({ title, className, children, items, ...props }: ListBoxSectionProps<T>) {
  return (
    <AriaListBoxSection {...props} className={[styles.section, className].filter(Boolean).join(' ')}>
      <Header className={styles.header}>{title}</Header>
      {typeof children === 'function' ? <Collection items={items}>{children}</Collection> : children}
    </AriaListBoxSection>
  );
}
