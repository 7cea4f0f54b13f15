/** When after the paint: at once (the first task after it), or once the page is idle. */
export type AfterPaint = 'soon' | 'idle';

/** The longest an `idle` callback waits for the page to fall idle (a busy page still gets it). */
const idleTimeoutMs = 200;

/**
 * Runs `callback` after the browser has painted its next frame: an animation frame, then a task
 * (a timer queued in the frame's callback runs once that frame's style, layout and paint are done),
 * or with `idle`, the page's next idle moment after that paint (within 200 ms), so it also lets
 * the customer's next input and other waiting tasks go first. For work that follows a change the
 * customer waits to see, but that the customer does not wait for (issue 14). Returns a function
 * that cancels it.
 */
export function afterNextPaint(callback: () => void, when: AfterPaint = 'soon'): () => void {
  let cancelLater: (() => void) | undefined;
  const frame = requestAnimationFrame(() => {
    if (when === 'idle' && typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(callback, { timeout: idleTimeoutMs });
      cancelLater = () => cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(callback, 0);
      cancelLater = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelLater?.();
  };
}
