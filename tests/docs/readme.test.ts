// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { demoPassword, demoUsers } from '#sandbox/seed/users';

/**
 * The README is a newcomer's first screen and stays true: at most 200 lines, the two commands, the
 * demo accounts as the sandbox seeds them, scripts that exist, environment variables and config
 * keys the code reads, and no figures that change with every run (those are in
 * docs/generated/bench.md and docs/guides/testing.md).
 */

const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const lines = readme.split('\n');

/** The rows of the Markdown table whose header row starts with `| <first> |`: each row's cells. */
function tableAfter(first: string): string[][] {
  const start = lines.findIndex((line) => line.startsWith(`| ${first} |`));
  if (start < 0) throw new Error(`README.md has no table starting with "${first}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const codeOf = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe('README.md', () => {
  it('fits in 200 lines and opens with what it is and the two commands', () => {
    expect(lines.length).toBeLessThanOrEqual(200);
    const firstScreen = lines.slice(0, 40).join('\n');
    expect(firstScreen).toContain('npm install && npm start');
    expect(firstScreen).toContain('npm test');
  });

  it('gives the demo password and the accounts the sandbox seeds', () => {
    expect(readme).toContain(`\`${demoPassword}\``);
    const accounts = tableAfter('Account').map((row) => codeOf(row[0]!)[0]);
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts).toEqual(demoUsers.map((user) => user.email));
  });

  it('names only npm scripts that package.json has', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const named = [...readme.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('lists environment variables the code reads', () => {
    const variables = tableAfter('Environment variable').flatMap((row) => codeOf(row[0]!));
    expect(variables).toContain('PORT');
    const source = execFileSync('git', ['grep', '-h', '-E', '-e', 'env\\.[A-Z_]+', '--', '*.ts', '*.tsx', '*.mjs', '*.js'], { cwd: root }).toString();
    expect(variables.filter((name) => !new RegExp(`env\\.${name}\\b`).test(source))).toEqual([]);
  });

  it('lists configuration keys that public/config.json has', () => {
    const config = JSON.parse(readFileSync(path.join(root, 'public/config.json'), 'utf8')) as Record<string, unknown>;
    const keys = tableAfter('Key').flatMap((row) => codeOf(row[0]!));
    expect(keys).toContain('apiBaseUrl');
    const missing = keys.filter(
      (key) => key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], config) === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('keeps no figures that change with every run (test counts, minutes, KiB, scores)', () => {
    const perRun = [/\d[\d,]* (unit |browser )?tests\b/, /\d+(\.\d+)? ?KiB\b/, /\d+ min(utes)?\b/, /Lighthouse (score )?\d+/, /\d+ (passed|failed)\b/];
    expect(lines.filter((line) => perRun.some((pattern) => pattern.test(line)))).toEqual([]);
  });
});
