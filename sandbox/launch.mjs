/**
 * Runs a sandbox entry as `node sandbox/launch.mjs sandbox/serve.ts --dist` (npm start,
 * npm run start:dist, npm run sandbox:reset, the browser tests' server).
 *
 * esbuild bundles the entry and the project's sources it imports into one ES module (the packages
 * stay imports), and this Node process imports it. tsx's loader hooks compiled the sources file by
 * file and sat in front of every `require` of every package: through tsx the sandbox started in 1.3
 * to 1.7 s, bundled in 0.8 to 0.9 s, esbuild's 0.1 s included (decision 23). The bundle is made on
 * every start, so it is never older than the sources.
 *
 * Plain JavaScript, so that Node runs it without a loader.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { build, stop } from 'esbuild';

const repo = path.resolve(import.meta.dirname, '..');

/**
 * `import.meta.dirname`, `.filename` and `.url` keep naming the source file, not the bundle
 * (sandbox/db/database.ts finds its migrations next to itself).
 */
const sourceLocation = {
  name: 'source-location',
  /** @param {import('esbuild').PluginBuild} pluginBuild */
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

const [entry] = process.argv.splice(2, 1);
if (!entry) {
  console.error('Usage: node sandbox/launch.mjs <entry.ts> [arguments]');
  process.exit(2);
}
// The entry sees the command line as `node <entry> [arguments]`.
process.argv[1] = path.resolve(entry);

/** Whether a process runs (signal 0 only asks). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// A file of its own per process: two servers may start at once (the bench starts two).
const outDir = path.join(repo, 'node_modules/.cache/sandbox');
const outfile = path.join(outDir, `${path.basename(entry, path.extname(entry))}.${process.pid}.mjs`);
mkdirSync(outDir, { recursive: true });
// A process that crashed while its entry ran left its bundle behind.
for (const file of readdirSync(outDir)) {
  const pid = Number(/\.(\d+)\.mjs$/.exec(file)?.[1]);
  if (pid && !isRunning(pid)) rmSync(path.join(outDir, file), { force: true });
}
await build({
  entryPoints: [path.resolve(entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  tsconfig: path.join(repo, 'tsconfig.json'),
  sourcemap: 'inline',
  plugins: [sourceLocation],
  logLevel: 'warning',
});
// esbuild's service process is not needed once the bundle is written.
await stop();
// Stack traces name the sources, not the bundle.
process.setSourceMapsEnabled(true);
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}
