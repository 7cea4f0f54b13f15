import { useEffect, useState } from 'react';

import { afterNextPaint } from './after-next-paint';

/**
 * False until the browser has painted a frame after `ready` became true, true from then on. For
 * what a screen starts once the customer sees it, not before (issue 14): My tickets' entries read
 * their subscription and payment method after the list has painted, so starting 40 requests is
 * not part of the frame the customer waits for.
 */
export function usePainted(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return undefined;
    return afterNextPaint(() => setPainted(true));
  }, [ready, painted]);
  return painted;
}
