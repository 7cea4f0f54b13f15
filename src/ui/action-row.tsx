import type { ReactNode } from 'react';

import { actionRow } from './action-row.css';

/**
 * The row under a screen's text or form: the main button first, then the way back (a link or a
 * secondary button), side by side and wrapping on narrow screens.
 */
export function ActionRow({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={[actionRow, className].filter(Boolean).join(' ')}>{children}</div>;
}
