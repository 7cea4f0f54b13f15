import { startIntlWarmup } from '#src/start-up/intl-warmup';

/**
 * The Intl warm-up worker (src/start-up/intl-warmup.ts): a built page's guard starts it (tests/build/
 * prerender.test.ts); the entry starts it only where no guard did, and never fails the start.
 */
describe('startIntlWarmup', () => {
  const started: { url: string; options: unknown }[] = [];
  class RecordingWorker {
    constructor(url: URL | string, options: unknown) {
      started.push({ url: String(url), options });
    }
  }

  beforeEach(() => {
    started.length = 0;
  });

  it('starts the worker where the page names none (the development server)', () => {
    vi.stubGlobal('Worker', RecordingWorker);
    startIntlWarmup(document.createElement('html'));
    expect(started).toHaveLength(1);
    expect(started[0]!.url).toMatch(/intl-warmup\.worker\.ts/);
    expect(started[0]!.options).toEqual({ name: 'intl-warmup' });
  });

  it('starts none where the built page has (its guard did)', () => {
    vi.stubGlobal('Worker', RecordingWorker);
    const root = document.createElement('html');
    root.setAttribute('data-intl-warmup', '/assets/intl-warmup.worker-abc.js');
    startIntlWarmup(root);
    expect(started).toEqual([]);
  });

  it('goes on without workers, or when the policy refuses one', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => startIntlWarmup(document.createElement('html'))).not.toThrow();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('SecurityError');
        }
      },
    );
    expect(() => startIntlWarmup(document.createElement('html'))).not.toThrow();
    expect(started).toEqual([]);
  });
});
