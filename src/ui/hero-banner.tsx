import type { ReactNode } from 'react';

import * as styles from './hero-banner.css';

export interface HeroBannerProps {
  title: ReactNode;
  /** The lead text under the heading. */
  children?: ReactNode;
  /** An optional call to action, e.g. a primary `Button` or a `Link`. */
  action?: ReactNode;
  /** 1 when the banner carries the page's heading; default 2. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

/** The large banner at the top of a landing page: heading, text, optional action. */
export function HeroBanner({ title, children, action, headingLevel = 2, className }: HeroBannerProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={[styles.hero, className].filter(Boolean).join(' ')}>
      <Heading className={styles.title} {...(headingLevel === 1 ? { tabIndex: -1, 'data-page-heading': '' } : {})}>
        {title}
      </Heading>
      {children != null ? <p className={styles.text}>{children}</p> : null}
      {action != null ? <div>{action}</div> : null}
    </div>
  );
}
