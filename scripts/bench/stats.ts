/**
 * The bench's arithmetic and its table (npm run bench, scripts/bench.mjs): pure functions, tested
 * in tests/bench/stats.test.ts.
 */

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The nearest-rank percentile: the smallest value that at least `p` per cent of the values do not
 * exceed (p95 of 20 values is the 19th smallest). NaN for none.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p <= 0 || p > 100) throw new RangeError(`percentile ${p} is not in (0, 100]`);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

/** portal / floor, undefined when either is missing or the floor is 0. */
export function ratio(portal: number | undefined, floor: number | undefined): number | undefined {
  if (portal === undefined || floor === undefined || !Number.isFinite(portal) || !Number.isFinite(floor) || floor === 0) return undefined;
  return portal / floor;
}

/** A target: the figure must stay at or below (`max`) or reach at least (`min`) the limit. */
export interface Target {
  max?: number;
  min?: number;
}

/** Whether a figure meets its target; undefined without a target or a figure. */
export function meets(value: number | undefined, target: Target | undefined): boolean | undefined {
  if (value === undefined || !Number.isFinite(value) || !target || (target.max === undefined && target.min === undefined)) return undefined;
  return (target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min);
}

export type Unit = 'KiB' | 'ms' | 's' | 'MB' | 'score';

/** How a figure of a unit reads in the table: KiB to one decimal, ms whole, s to two decimals. */
export function format(value: number | undefined, unit: Unit): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  switch (unit) {
    case 'KiB':
      return `${value.toFixed(1)} KiB`;
    case 'ms':
      return `${Math.round(value)} ms`;
    case 's':
      return `${(value / 1000).toFixed(2)} s`;
    case 'MB':
      return `${Math.round(value)} MB`;
    case 'score':
      return String(Math.round(value));
  }
}

/** One measure of the bench: what the portal measured, the floor beside it, the target. */
export interface Row {
  measure: string;
  unit: Unit;
  portal: number | undefined;
  /** The React-only floor page's figure, when the measure has one. */
  floor?: number | undefined;
  target?: Target;
  /** What else a reader needs: the file's name, the runs, the slowdown. */
  note?: string;
}

function targetText(target: Target | undefined, unit: Unit): string {
  if (!target) return '';
  const parts = [];
  if (target.max !== undefined) parts.push(`≤ ${format(target.max, unit)}`);
  if (target.min !== undefined) parts.push(`≥ ${format(target.min, unit)}`);
  return parts.join(', ');
}

/** A row as the JSON file has it: the figures and the derived ratio and verdict. */
export function resultOf(row: Row) {
  return { ...row, ratio: ratio(row.portal, row.floor), met: meets(row.portal, row.target) };
}

/** The markdown table: measure | portal | floor | ratio | target | met. */
export function markdownTable(rows: readonly Row[]): string {
  const lines = ['| measure | portal | floor | ratio | target | met |', '| --- | ---: | ---: | ---: | --- | :---: |'];
  for (const row of rows) {
    const { ratio: r, met } = resultOf(row);
    const measure = row.note ? `${row.measure} (${row.note})` : row.measure;
    const cells = [
      measure.replaceAll('|', '\\|'),
      format(row.portal, row.unit),
      row.floor === undefined ? '' : format(row.floor, row.unit),
      r === undefined ? '' : `${r.toFixed(2)}×`,
      targetText(row.target, row.unit),
      met === undefined ? '' : met ? 'yes' : '**no**',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
