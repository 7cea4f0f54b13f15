/**
 * `npm run new:flow -- <name> [--namespace <ns>] [--route <folder under src/routes>]`: copies the
 * reference flow (the withdrawal of a termination) under the new name (scripts/new-flow-files.ts),
 * registers its model, and regenerates what is generated from it: the route tree and the machine's
 * diagram. What it writes is formatted as `npm run format` would (renames change line lengths). It
 * never overwrites a file. The copy type-checks, lints and passes the machine tests as
 * written (tests/scripts/new-flow.test.ts); then it is yours to turn into your flow.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import * as prettier from 'prettier';
import { resolveConfig } from 'vite';

import { docsDir, loadMachines, renderDocs } from '#tools/machines/machine-docs';

import { flowFiles, namesOf, reference, referenceFiles, register, registries } from './new-flow-files';

const root = path.resolve(import.meta.dirname, '..');
const { positionals, values } = parseArgs({ allowPositionals: true, options: { namespace: { type: 'string' }, route: { type: 'string' } } });
const [name] = positionals;
if (!name) {
  console.error('Usage: npm run new:flow -- <kebab-case-name> [--namespace dashboard|account|traveler|...] [--route app/_signedIn/account/<name>]');
  process.exit(2);
}
const names = namesOf(name);
const route = values.route?.replace(/^\/|\/$/g, '').replace(/^src\/routes\//, '');
const { files, route: newRoute, renames } = flowFiles(root, { name, namespace: values.namespace, route });

const existing = Object.keys(files).filter((file) => existsSync(path.join(root, file)));
if (existing.length > 0) {
  console.error(`Not written: these files exist already:\n${existing.map((file) => `  ${file}`).join('\n')}`);
  process.exit(1);
}
/** The text as the project's Prettier configuration formats it (`npm run format:check` is part of `npm test`). */
async function formatted(file: string, content: string): Promise<string> {
  const filepath = path.join(root, file);
  return prettier.format(content, { ...(await prettier.resolveConfig(filepath)), filepath });
}

for (const [file, content] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), await formatted(file, content));
  console.log(`  wrote ${file}`);
}

for (const registry of registries.filter((file) => existsSync(path.join(root, file)))) {
  const registered = register(readFileSync(path.join(root, registry), 'utf8'), renames);
  if (registered) writeFileSync(path.join(root, registry), await formatted(registry, registered));
  console.log(registered ? `  registered the flow in ${registry}` : `  could not register the flow in ${registry}: add it by hand`);
}

// Resolving the Vite config runs the router plugin, which writes src/routeTree.gen.ts as `npm start` would.
await resolveConfig({ root, logLevel: 'silent' }, 'serve');
console.log('  regenerated src/routeTree.gen.ts');

// The new machine's page and JSON, and the index (diagrams.test.ts fails while they are missing).
for (const [file, content] of renderDocs(await loadMachines(root))) {
  if (!file.startsWith(`${docsDir}/${names.kebab}.`) && file !== `${docsDir}/README.md`) continue;
  writeFileSync(path.join(root, file), content);
  console.log(`  wrote ${file}`);
}

const missingParams = (referenceFiles(root).route.match(/\$\w+/g) ?? []).filter((param) => !newRoute.split('/').includes(param));
if (missingParams.length > 0) {
  console.log(
    `\n  Note: the copy reads ${missingParams.join(', ')} from its route as the reference does; src/routes/${newRoute}/ has none, so the route and the success navigation do not type-check until you change them.`,
  );
}

console.log(`
Next (docs/guides/adding-a-flow.md); every file says on its first line what is still the withdrawal's:
  1. The machine and selectors (machines/${names.kebab}/): your states, events, data and SPEC.md sections.
  2. The actors (src/flows/${names.kebab}/${names.kebab}.actors.ts): your API calls; the screen and its texts.
  3. The route (src/routes/${newRoute}/); link to it from where the customer needs it.
  4. npm run i18n:extract, then the German texts in locales/de-DE/messages.po.
  5. The model and machine test (tests/machines/${names.kebab}.*): npx vitest run tests/machines says 100 %.
  6. The browser model e2e/machine-paths/${names.kebab}.ts (its tours come from the machine) and, for what no
     machine holds, e2e/${names.kebab}.spec.ts.
  7. npm run machines:docs, then npm test; add the flow to README's "What it does".
  (The reference is ${reference}: compare with it when in doubt.)`);
