import { useLingui } from '@lingui/react/macro';
import { Breadcrumb, Breadcrumbs as AriaBreadcrumbs } from 'react-aria-components';

import * as styles from './breadcrumbs.css';
import { Link } from './link';

export type BreadcrumbSeparator = '>' | '<' | '/';

export interface BreadcrumbItem {
  /** Unique within the trail; defaults to the href or label. */
  id?: string;
  label: string;
  href?: string;
}

export interface BreadcrumbsProps {
  /** From the start page to the current page; the last item is the current page. */
  items: readonly BreadcrumbItem[];
  separator?: BreadcrumbSeparator;
  /** Defaults to "Breadcrumbs". */
  'aria-label'?: string;
  className?: string;
}

/**
 * A navigation landmark with the trail as an ordered list. The last item is the current page
 * (`aria-current="page"`, not a link); separators are decoration (`aria-hidden`).
 */
export function Breadcrumbs({ items, separator = '>', className, ...props }: BreadcrumbsProps) {
  const { t } = useLingui();
  const label = props['aria-label'] ?? t({ id: 'common:breadcrumbs.label', message: 'Breadcrumbs' });
  return (
    <nav aria-label={label} className={className}>
      <AriaBreadcrumbs className={styles.list}>
        {items.map((item) => (
          <Breadcrumb key={item.id ?? item.href ?? item.label} id={item.id ?? item.href ?? item.label} className={styles.item}>
            {({ isCurrent }) => (
              <>
                {isCurrent ? (
                  // The current page is text, not a (disabled) link.
                  <span aria-current="page" className={styles.link} data-current="">
                    {item.label}
                  </span>
                ) : (
                  <Link href={item.href} className={styles.link}>
                    {item.label}
                  </Link>
                )}
                {isCurrent ? null : (
                  <span aria-hidden="true" className={styles.separator} data-separator="">
                    {separator}
                  </span>
                )}
              </>
            )}
          </Breadcrumb>
        ))}
      </AriaBreadcrumbs>
    </nav>
  );
}
