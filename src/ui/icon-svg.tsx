import type { ReactNode } from 'react';

import * as styles from './icon.css';

/**
 * The frame every icon is drawn in (24 × 24, `aria-hidden`), apart from the icon set (icon.tsx), so
 * that code of the start page draws the one icon it needs (a link's "opens in a new tab") without
 * the whole set in its entry (tests/build/bundle-budget.test.ts).
 */
export function IconSvg({ className, spinning = false, children }: { className?: string | undefined; spinning?: boolean; children: ReactNode }) {
  const classes = [styles.icon, spinning ? styles.spinner : undefined, className].filter(Boolean).join(' ');
  return (
    <svg className={classes} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** The "opens in a new tab" arrow out of a box. */
export const externalIconPath = <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />;
