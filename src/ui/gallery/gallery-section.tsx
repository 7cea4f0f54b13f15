import type { ReactNode } from 'react';

import * as styles from './gallery.css';

/** One component family: an h2 and its states. */
export function GallerySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One state of a component: an h3 and the specimen. */
export function Specimen({ title, children, layout = 'row' }: { title: string; children: ReactNode; layout?: 'row' | 'stack' }) {
  return (
    <div className={styles.specimen}>
      <h3 className={styles.subTitle}>{title}</h3>
      <div className={layout === 'row' ? styles.row : styles.stack}>{children}</div>
    </div>
  );
}
