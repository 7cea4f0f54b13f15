import { useEffect, useRef } from 'react';

import { afterNextPaint } from './after-next-paint';

/** The page's one h1 (the page heading marks itself with this attribute and `tabIndex={-1}`). */
export const pageHeadingSelector = '[data-page-heading]';

export interface StepFocusOptions {
  /** The element that takes focus; the page heading unless told otherwise. */
  target?: string;
}

/**
 * SPEC.md 4.8: every step change scrolls to the top, and the new step's heading takes focus, so a
 * screen-reader user hears where they are. Give it the key of the step shown (e.g. the view's
 * `step`); nothing happens on the first render (the router does that for a new page) or while the
 * key stays the same. The heading is focused after the browser has painted the new step, without
 * scrolling again; an element without a tab index gets `tabIndex = -1`, so it can take focus
 * without entering the tab order.
 */
export function useStepFocus(stepKey: string, { target = pageHeadingSelector }: StepFocusOptions = {}): void {
  const shown = useRef(stepKey);
  useEffect(() => {
    if (shown.current === stepKey) return;
    shown.current = stepKey;
    window.scrollTo(0, 0);
    // After the paint: focusing restyles the page, which the new step's first frame need not wait for.
    return afterNextPaint(() => {
      const heading = document.querySelector<HTMLElement>(target);
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    });
  }, [stepKey, target]);
}
