import type { ReactNode } from 'react';

import { visuallyHidden } from './visually-hidden.css';

export interface VisuallyHiddenProps {
  children: ReactNode;
  /** `span` (default) stays valid inside buttons, links and labels. */
  elementType?: 'span' | 'div';
  id?: string;
}

/** Text for screen readers only: it is in the accessibility tree but not on screen. */
export function VisuallyHidden({ children, elementType = 'span', id }: VisuallyHiddenProps) {
  const Element = elementType;
  return (
    <Element className={visuallyHidden} id={id}>
      {children}
    </Element>
  );
}
