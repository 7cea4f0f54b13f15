/**
 * `npm run machines:docs`: writes docs/machines/ (a page with a Mermaid diagram and a JSON definition
 * per machine in machines/, and the index) from the machines themselves.
 * `npm run machines:docs -- --check`: writes nothing; lists the stale, missing and superfluous files
 * and exits 1 when there is any.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { docsDir, loadMachines, renderDocs } from '#tools/machines/machine-docs';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');

const files = renderDocs(await loadMachines(root));
const present = existsSync(path.join(root, docsDir)) ? readdirSync(path.join(root, docsDir)).map((file) => `${docsDir}/${file}`) : [];
/** Generated kinds of file that no machine produces any more (a machine was removed or renamed). */
const superfluous = present.filter((file) => /\.(md|json)$/.test(file) && !files.has(file));

const stale: string[] = [];
for (const [file, content] of files) {
  const absolute = path.join(root, file);
  const current = existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined;
  if (current === content) continue;
  stale.push(`${file}${current === undefined ? ' (missing)' : ''}`);
  if (!check) {
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
}
if (!check) for (const file of superfluous) rmSync(path.join(root, file));

if (check) {
  const problems = [...stale, ...superfluous.map((file) => `${file} (no machine generates it)`)];
  if (problems.length > 0) {
    console.error(`docs/machines/ is out of date with machines/; run npm run machines:docs:\n${problems.map((file) => `  ${file}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`docs/machines/ is up to date (${files.size} files).`);
} else {
  const changed = [...stale, ...superfluous.map((file) => `${file} (removed)`)];
  console.log(changed.length > 0 ? `Wrote:\n${changed.map((file) => `  ${file}`).join('\n')}` : `docs/machines/ was up to date (${files.size} files).`);
}
