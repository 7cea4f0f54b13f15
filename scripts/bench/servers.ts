/**
 * The production server the product ships (`npm run start:dist`: sandbox/serve.ts --dist, the
 * sandbox API and a build on one origin), started for the bench on a port of its own with a
 * database of its own, for the portal's build and for the floor page alike.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export const repo = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repo, 'node_modules/.bin');

/** The command of `npm run start:dist`, as package.json has it, with the project's Node. */
function startDistCommand(): [string, string[]] {
  const scripts = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command = '', ...args] = (scripts['start:dist'] ?? '').split(/\s+/);
  return [existsSync(path.join(bin, command)) ? path.join(bin, command) : command, args];
}

export interface RunningServer {
  origin: string;
  /** The pid of the spawned process, the process group's leader; the one that serves (sandbox/launch.mjs runs the entry in its own process). */
  pid: number;
  /** Spawn to the first successful answer of the sandbox API, ms. */
  readyMs: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status); undefined once it is gone. */
export function rssMB(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the command of `npm run start:dist` (without npm) serving `dist` on `port` (loopback),
 * with a fresh libSQL file unless `keepDatabase`, and waits for the sandbox API's first successful
 * answer.
 */
export async function startServer(options: { port: number; dist: string; database: string; keepDatabase?: boolean; log?: boolean }): Promise<RunningServer> {
  const { port, dist, database } = options;
  if (!options.keepDatabase) for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${database}${suffix}`, { force: true });
  const origin = `http://localhost:${port}`;
  const started = performance.now();
  const [command, args] = startDistCommand();
  const child = spawn(command, args, {
    cwd: repo,
    detached: true,
    stdio: options.log ? 'inherit' : 'ignore',
    env: {
      ...process.env,
      // As `npm start` runs it: npm puts node_modules/.bin first, so the project's Node (package.json).
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
      PORT: String(port),
      PORTAL_DIST: dist,
      SANDBOX_DATABASE_URL: `file:${database}`,
      SANDBOX_PORTAL_ORIGIN: origin,
    },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([gone, sleep(5000)]);
  };
  const deadline = started + 60_000;
  while (performance.now() < deadline) {
    if (exited) throw new Error(`sandbox/serve.ts on port ${port} exited before answering`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/__sandbox/outbox`);
      if (response.ok) {
        const readyMs = performance.now() - started;
        await response.arrayBuffer();
        return { origin, pid: child.pid!, readyMs, stop };
      }
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  await stop();
  throw new Error(`sandbox/serve.ts on port ${port} did not answer within 60 s`);
}
