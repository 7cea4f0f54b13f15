// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The test budget is written twice: in docs/guides/testing.md for people and in
 * scripts/test-summary.mjs, which prints each part of a CI run against it. Both say the same, and
 * the parts add up to the whole `npm test` (12 minutes on a fresh clone, 2 cores).
 */

const root = path.resolve(import.meta.dirname, '../..');
const parts = ['static', 'unit', 'machines', 'browser', 'total'] as const;
type Part = (typeof parts)[number];

/** `budgetSeconds` as scripts/test-summary.mjs declares it (read, not imported: importing runs the script). */
function scriptBudget(): Record<string, number> {
  const source = readFileSync(path.join(root, 'scripts/test-summary.mjs'), 'utf8');
  const literal = /export const budgetSeconds = \{([^}]*)\}/.exec(source)?.[1];
  if (literal === undefined) throw new Error('scripts/test-summary.mjs declares no budgetSeconds');
  return Object.fromEntries([...literal.matchAll(/(\w+):\s*(\d+)/g)].map((match) => [match[1]!, Number(match[2])]));
}

/** The guide's budget table: part (by the start of its label) → seconds. */
function guideBudget(): Record<string, number> {
  const guide = readFileSync(path.join(root, 'docs/guides/testing.md'), 'utf8');
  const labels: [RegExp, Part][] = [
    [/^Static checks/, 'static'],
    [/^Unit/, 'unit'],
    [/^Machines/, 'machines'],
    [/^Browser/, 'browser'],
    [/^The whole `npm test`/, 'total'],
  ];
  const budget: Record<string, number> = {};
  for (const line of guide.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const part = labels.find(([label]) => label.test(cells[1] ?? ''))?.[1];
    const seconds = /^(\d+) s$/.exec(cells[2] ?? '')?.[1];
    if (part !== undefined && seconds !== undefined) budget[part] = Number(seconds);
  }
  return budget;
}

describe('the test budget', () => {
  it('is the same in docs/guides/testing.md and scripts/test-summary.mjs', () => {
    const script = scriptBudget();
    expect(Object.keys(script).sort()).toEqual([...parts].sort());
    expect(guideBudget()).toEqual(script);
  });

  it('is 12 minutes for the whole run, and its parts add up to it', () => {
    const budget = scriptBudget();
    expect(budget.total).toBe(12 * 60);
    expect(budget.static! + budget.unit! + budget.browser!).toBe(budget.total);
    expect(budget.machines!).toBeLessThan(budget.unit!);
  });
});
