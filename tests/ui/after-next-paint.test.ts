import { vi } from 'vitest';

import { afterNextPaint } from '#src/ui/after-next-paint';

/**
 * Work after the paint (issue 14): an animation frame, then a task, or the page's next idle moment.
 * The frame and the idle moment are played by hand here, so the order is what is tested.
 */
describe('afterNextPaint', () => {
  let frames: FrameRequestCallback[];
  let idles: { callback: IdleRequestCallback; timeout: number | undefined }[];
  beforeEach(() => {
    frames = [];
    idles = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
      frames[handle - 1] = () => undefined;
    });
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => idles.push({ callback, timeout: options?.timeout }));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => {
      idles[handle - 1] = { callback: () => undefined, timeout: undefined };
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const playFrame = () => frames.splice(0).forEach((callback) => callback(0));
  const playIdle = () => idles.splice(0).forEach(({ callback }) => callback({ didTimeout: false, timeRemaining: () => 10 }));

  it('runs in the first task after the next frame', () => {
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
    playFrame();
    expect(callback).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledOnce();
  });

  it("'idle' waits for the page's next idle moment after the frame, at most 200 ms", () => {
    const callback = vi.fn();
    afterNextPaint(callback, 'idle');
    playIdle();
    expect(callback).not.toHaveBeenCalled();
    playFrame();
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
    expect(idles.map(({ timeout }) => timeout)).toEqual([200]);
    playIdle();
    expect(callback).toHaveBeenCalledOnce();
  });

  it("'idle' without requestIdleCallback (Safari) runs in the first task after the frame", () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    afterNextPaint(callback, 'idle');
    playFrame();
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled, before or after the frame', () => {
    const beforeFrame = vi.fn();
    const afterFrame = vi.fn();
    const idleAfterFrame = vi.fn();
    afterNextPaint(beforeFrame)();
    const cancelAfter = afterNextPaint(afterFrame);
    const cancelIdle = afterNextPaint(idleAfterFrame, 'idle');
    playFrame();
    cancelAfter();
    cancelIdle();
    vi.runAllTimers();
    playIdle();
    expect(beforeFrame).not.toHaveBeenCalled();
    expect(afterFrame).not.toHaveBeenCalled();
    expect(idleAfterFrame).not.toHaveBeenCalled();
  });
});
