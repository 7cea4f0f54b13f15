/**
 * `npm run paths -- <machine> [options]`: a machine's paths for testers (issue 6), from the same
 * models the model-based tests use (tests/machines/<machine>.model.ts). See
 * docs/guides/model-based-tests.md.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { models, nameOf } from '../tests/machines/models';
import { formatPaths, type PathKind, pathsOf } from '#tools/machines/paths';

const usage = `Usage: npm run paths -- <machine> [options]

  <machine>            ${models.map(nameOf).join(', ')}
  --simple             simple paths (no model state twice) instead of the shortest path to every model state
  --to <state>         only paths that end in this state, e.g. summary, done, loading.order
  --variant <name>     only this variant (npm run paths -- <machine> --list shows them)
  --limit <n>          simple paths: at most n per variant, shortest first (default 10)
  --json <file>        also write the paths as JSON to <file> ("-" for standard output only)
  --list               list the machine's variants

Each step shows the state it leaves, the event and the state it reaches, then the transitions
xstate tried for the event with their guards: ✗ failed, ✓ taken.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        simple: { type: 'boolean', default: false },
        to: { type: 'string' },
        variant: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'string' },
        list: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const [name] = positionals;
if (!name) fail('Which machine?');
const model = models.find((candidate) => nameOf(candidate) === name || candidate.machine.id === name);
if (!model) fail(`No machine '${name}'.`);

if (values.list) {
  console.log(`${nameOf(model)} (${model.file}), variants:\n${model.variants.map((variant) => `  ${variant.name}`).join('\n')}`);
  process.exit(0);
}

const limit = values.limit === undefined ? undefined : Number(values.limit);
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) fail(`--limit wants a positive whole number, not '${values.limit}'.`);
const kind: PathKind = values.simple ? 'simple' : 'shortest';

let paths;
try {
  paths = pathsOf(model, { kind, variant: values.variant, to: values.to, limit });
} catch (error) {
  fail((error as Error).message);
}
if (values.to && paths.length === 0)
  console.error(
    `No path ends in '${values.to}' (state values look like: ${[...new Set(pathsOf(model, { kind: 'shortest', variant: values.variant }).map((path) => path.target))].join(', ')}).`,
  );

const json = JSON.stringify({ machine: nameOf(model), file: model.file, kind, to: values.to ?? null, variant: values.variant ?? null, paths }, null, 2);
if (values.json === '-') {
  console.log(json);
} else {
  console.log(formatPaths(nameOf(model), kind, paths));
  if (values.json) {
    writeFileSync(values.json, `${json}\n`);
    console.log(`\nWrote ${paths.length} paths to ${values.json}`);
  }
}
