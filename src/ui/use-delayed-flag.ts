import { useEffect, useState } from 'react';

/**
 * `on`, once it has stayed on for `delayMs`; off at once. For a loading state: a wait that is over
 * before a customer would notice it (a quote from the cache) neither flashes the loading state nor
 * costs a render of the form around it (issue 14). What the wait guards against still holds from
 * its first moment: the flow itself refuses what comes during the wait.
 */
export function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!on) {
      setWaited(false);
      return;
    }
    const timer = setTimeout(() => setWaited(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return on && waited;
}
