/**
 * Runs `callback` after the browser has painted its next frame: an animation frame, then a task
 * (a timer queued in the frame's callback runs once that frame's style, layout and paint are done).
 * For work that follows a change the customer waits to see, but that the customer does not wait
 * for (issue 14). Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
