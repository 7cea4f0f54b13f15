// @vitest-environment node
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import { createClient } from '@libsql/client';

/**
 * sandbox/launch.mjs runs the sandbox's entries (npm start, npm run start:dist, npm run
 * sandbox:reset) bundled by esbuild instead of through tsx's loader (decision 23). The bundle lives
 * elsewhere than its sources: what the sources learn about where they are must still be true.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const launch = (entry: string, args: string[] = [], env: Record<string, string> = {}) =>
  run(process.execPath, ['sandbox/launch.mjs', entry, ...args], { cwd: repo, encoding: 'utf8', env: { ...process.env, ...env } });

describe('sandbox/launch.mjs', () => {
  it('gives the entry its own location, its command line and stack traces that name its source, and leaves no bundle', async () => {
    const entry = path.join(repo, 'tests/sandbox/fixtures/launch-entry.ts');
    // The bundle a crashed run left behind: its process has ended.
    const cache = path.join(repo, 'node_modules/.cache/sandbox');
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(cache, { recursive: true });
    writeFileSync(path.join(cache, `launch-entry.${ended}.mjs`), '');
    const { stdout } = await launch('tests/sandbox/fixtures/launch-entry.ts', ['--dist', 'x']);
    const seen = JSON.parse(stdout) as { dirname: string; filename: string; url: string; argv: string[]; stack: string; imported: string };
    expect(seen.dirname).toBe(path.dirname(entry));
    expect(seen.filename).toBe(entry);
    expect(seen.url).toBe(pathToFileURL(entry).href);
    expect(seen.argv).toEqual([entry, '--dist', 'x']);
    expect(seen.stack).toContain(`${entry}:4:`);
    expect(seen.imported).toBe('function');
    // Its own bundle removed once imported, and the one left behind too.
    expect(readdirSync(cache).filter((file) => file.startsWith('launch-entry.'))).toEqual([]);
  });

  it('resets a new database: the migrations next to sandbox/db/database.ts, then the seed', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'sandbox-launch-'));
    const url = `file:${path.join(folder, 'reset.db')}`;
    try {
      const { stdout } = await launch('sandbox/reset.ts', [], { SANDBOX_DATABASE_URL: url });
      expect(stdout).toContain(`Sandbox reset: ${url} holds the seeded state again.`);
      const db = createClient({ url });
      try {
        const { rows } = await db.execute("SELECT count(*) AS n FROM users WHERE email = 'deuti@example.com'");
        expect(Number(rows[0]?.n)).toBe(1);
      } finally {
        db.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
