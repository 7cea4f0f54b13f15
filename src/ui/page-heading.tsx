import type { ReactNode } from 'react';

/**
 * The page's one h1. It takes focus when a page is shown, so a screen-reader user hears where
 * they are after a navigation. It shows no focus ring then (global.css.ts): it is no control.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 tabIndex={-1} data-page-heading="">
      {children}
    </h1>
  );
}
