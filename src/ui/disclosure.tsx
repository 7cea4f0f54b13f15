import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Disclosure as AriaDisclosure,
  DisclosureGroup,
  type DisclosureGroupProps,
  DisclosurePanel,
  type DisclosureProps as AriaDisclosureProps,
  Heading,
} from 'react-aria-components';

import * as styles from './disclosure.css';
import { Icon } from './icon';

export interface DisclosureProps extends Omit<AriaDisclosureProps, 'children' | 'className'> {
  /** The always-visible trigger text. */
  title: ReactNode;
  children: ReactNode;
  /** The trigger sits in a heading of this level (default h3) so it is found by heading navigation. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/** A section that shows and hides its content (button with `aria-expanded` in a heading). */
export function Disclosure({ title, children, headingLevel = 3, className, ...props }: DisclosureProps) {
  return (
    <AriaDisclosure {...props} className={[styles.disclosure, className].filter(Boolean).join(' ')}>
      <Heading level={headingLevel} className={styles.heading}>
        <AriaButton slot="trigger" className={styles.trigger}>
          <Icon name="chevronDown" className={styles.chevron} />
          <span>{title}</span>
        </AriaButton>
      </Heading>
      <DisclosurePanel className={styles.panel}>
        <div className={styles.panelContent}>{children}</div>
      </DisclosurePanel>
    </AriaDisclosure>
  );
}

export interface AccordionProps extends Omit<DisclosureGroupProps, 'children' | 'className'> {
  /** `Disclosure`s; give each an `id` to control `expandedKeys`. */
  children: ReactNode;
  className?: string;
}

/** Several disclosures; by default one open at a time (`allowsMultipleExpanded` to change). */
export function Accordion({ className, ...props }: AccordionProps) {
  return <DisclosureGroup {...props} className={[styles.group, className].filter(Boolean).join(' ')} />;
}
