import type { ReactNode } from 'react';

import * as styles from './page-notice.css';

/** A notice about the whole page (offline, a new version), below the header, as a named region a screen reader can find. */
export function PageNotice({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={styles.notice} aria-label={label}>
      {children}
    </section>
  );
}
