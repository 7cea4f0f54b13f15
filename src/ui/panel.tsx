import type { ReactNode } from 'react';

import * as styles from './panel.css';

export interface PanelProps {
  title: ReactNode;
  children: ReactNode;
  /** Fit the page's outline; default h3. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** A 16rem box with a heading, e.g. a summary beside a form. */
export function Panel({ title, children, headingLevel = 3, className }: PanelProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')}>
      <Heading className={styles.title}>{title}</Heading>
      {children}
    </section>
  );
}
