/**
 * `npm run new:flow -- <name> [--namespace <ns>]`: writes the skeleton of a new flow in the one way
 * the portal builds flows (docs/guides/adding-a-flow.md) and registers its machine model. It never
 * overwrites a file. What it writes type-checks, lints and is readable by the Stately tools as it is
 * (tests/scripts/new-flow.test.ts); every TODO in it is yours to decide.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { flowFiles, namesOf } from './new-flow-files';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const name = args.find((arg) => !arg.startsWith('--'));
const namespaceAt = args.indexOf('--namespace');
const namespace = namespaceAt >= 0 ? args[namespaceAt + 1] : undefined;

if (!name) {
  console.error('Usage: npm run new:flow -- <kebab-case-name> [--namespace dashboard|account|traveler|...]');
  process.exit(2);
}

const names = namesOf(name);
const files = flowFiles(name, namespace ? { namespace } : {});
const existing = Object.keys(files).filter((file) => existsSync(path.join(root, file)));
if (existing.length > 0) {
  console.error(`Not written: these files exist already:\n${existing.map((file) => `  ${file}`).join('\n')}`);
  process.exit(1);
}
for (const [file, content] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
  console.log(`  wrote ${file}`);
}

// The model registry: coverage.test.ts fails for a machine without a model.
const registry = path.join(root, 'tests/machines/models.ts');
const source = readFileSync(registry, 'utf8');
const modelName = `${names.camel}Model`;
const withImport = source.replace(/(import [^\n]+ from '\.\/[^']+\.model';\n)(?!import [^\n]+ from '\.\/[^']+\.model';)/, `$1import { ${modelName} } from './${names.kebab}.model';\n`);
const withEntry = withImport.replace(/(export const models: readonly MachineModel\[\] = \[)([^\]]*)\]/, (_, head: string, list: string) => `${head}${list.trimEnd()}, ${modelName}]`);
if (withEntry === source || !withEntry.includes(`, ${modelName}]`)) {
  console.warn(`  could not register ${modelName} in tests/machines/models.ts: add it by hand`);
} else {
  writeFileSync(registry, withEntry);
  console.log(`  registered ${modelName} in tests/machines/models.ts`);
}

console.log(`
Next (docs/guides/adding-a-flow.md):
  1. Decide the machine's states and events; fill the TODOs (SPEC.md sections, the data, the values).
  2. Provide the real actors in src/flows/${names.kebab}/${names.kebab}.actors.ts (typed client, dataOf).
  3. Add the route file under src/routes/ that renders <${names.pascal}Screen /> (a loader fills the cache).
  4. npm run i18n:extract, then write the German texts into locales/de-DE/messages.po.
  5. Model the API's answers in tests/machines/${names.kebab}.model.ts; npx vitest run tests/machines.
  6. Write the journey in e2e/${names.kebab}.spec.ts (it fails until you do).
  7. npm run machines:docs, then npm test.`);
