// @vitest-environment node
import { format, markdownTable, median, meets, percentile, ratio, resultOf } from '../../scripts/bench/stats';

/** The bench's arithmetic (npm run bench, scripts/bench/stats.ts). */
describe('bench statistics', () => {
  it('takes the median of an odd and an even count, unsorted', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('takes the nearest-rank p95: of 20 values the 19th smallest', () => {
    const values = Array.from({ length: 20 }, (_, index) => 20 - index); // 20 … 1
    expect(percentile(values, 95)).toBe(19);
    expect(percentile(values, 100)).toBe(20);
    expect(percentile(values, 50)).toBe(10);
    expect(percentile([7], 95)).toBe(7);
    expect(() => percentile(values, 0)).toThrow(RangeError);
  });

  it('sets the portal beside the floor as a ratio, none without both', () => {
    expect(ratio(120, 60)).toBe(2);
    expect(ratio(120, undefined)).toBeUndefined();
    expect(ratio(120, 0)).toBeUndefined();
    expect(ratio(Number.NaN, 60)).toBeUndefined();
  });

  it('meets a ceiling, a floor, or says nothing without a target or figure', () => {
    expect(meets(120, { max: 120 })).toBe(true);
    expect(meets(120.1, { max: 120 })).toBe(false);
    expect(meets(95, { min: 95 })).toBe(true);
    expect(meets(94, { min: 95 })).toBe(false);
    expect(meets(94, undefined)).toBeUndefined();
    expect(meets(undefined, { max: 1 })).toBeUndefined();
  });

  it('formats each unit', () => {
    expect(format(170.64, 'KiB')).toBe('170.6 KiB');
    expect(format(99.6, 'ms')).toBe('100 ms');
    expect(format(1400, 's')).toBe('1.40 s');
    expect(format(149.4, 'MB')).toBe('149 MB');
    expect(format(94.6, 'score')).toBe('95');
    expect(format(undefined, 'ms')).toBe('–');
  });

  it('writes one markdown row per measure with floor, ratio, target and verdict', () => {
    const rows = [
      { measure: 'Start page / initial JS, gzip', unit: 'KiB' as const, portal: 132, floor: 66, target: { max: 120 } },
      { measure: 'Start page / Lighthouse mobile score', unit: 'score' as const, portal: 97, floor: 100, target: { min: 95 }, note: 'median of 3: 96, 97, 98' },
      { measure: 'Sandbox start | spawn', unit: 's' as const, portal: 900 },
    ];
    expect(markdownTable(rows).split('\n')).toEqual([
      '| measure | portal | floor | ratio | target | met |',
      '| --- | ---: | ---: | ---: | --- | :---: |',
      '| Start page / initial JS, gzip | 132.0 KiB | 66.0 KiB | 2.00× | ≤ 120.0 KiB | **no** |',
      '| Start page / Lighthouse mobile score (median of 3: 96, 97, 98) | 97 | 100 | 0.97× | ≥ 95 | yes |',
      '| Sandbox start \\| spawn | 0.90 s |  |  |  |  |',
    ]);
    expect(resultOf(rows[0]!)).toMatchObject({ ratio: 2, met: false });
  });
});
