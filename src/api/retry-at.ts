import { type CallResult, dataOf } from './failure';

/**
 * `dataOf` for the calls the guessing limits can refuse (decisions 22 and 28): on a 429 the thrown
 * failure also carries `retryAt`, now plus the answer's Retry-After seconds (ISO date-time), which
 * the machine keeps (machines/shared/too-many-attempts.ts) and the screen turns into the wait.
 */
export function dataWithRetryAt<T>(result: CallResult<T>, now: () => number = Date.now): T {
  try {
    return dataOf(result);
  } catch (failure) {
    const seconds = Number(result.response.headers.get('Retry-After'));
    if (result.response.status === 429 && Number.isFinite(seconds) && seconds > 0) {
      Object.assign(failure as object, { retryAt: new Date(now() + seconds * 1000).toISOString() });
    }
    throw failure;
  }
}
