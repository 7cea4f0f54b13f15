import { act, renderHook } from '@testing-library/react';
import { vi } from 'vitest';

import { useDelayedFlag } from '#src/ui/use-delayed-flag';

/** A loading state for a wait that lasts: on once the flag stayed on for the delay, off at once. */
describe('useDelayedFlag', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is on only once the flag has stayed on for the delay', () => {
    const { result, rerender } = renderHook(({ on }) => useDelayedFlag(on, 150), { initialProps: { on: false } });
    expect(result.current).toBe(false);
    rerender({ on: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(149));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('is off at once when the flag goes off, and waits afresh the next time', () => {
    const { result, rerender } = renderHook(({ on }) => useDelayedFlag(on, 150), { initialProps: { on: true } });
    act(() => vi.advanceTimersByTime(150));
    expect(result.current).toBe(true);
    rerender({ on: false });
    expect(result.current).toBe(false);
    rerender({ on: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(150));
    expect(result.current).toBe(true);
  });

  it('never turns on for a wait shorter than the delay', () => {
    const { result, rerender } = renderHook(({ on }) => useDelayedFlag(on, 150), { initialProps: { on: true } });
    act(() => vi.advanceTimersByTime(100));
    rerender({ on: false });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(false);
  });
});
