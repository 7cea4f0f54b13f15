/**
 * No import cycle (issue 31), type-only imports counted: a cycle of types still ties the modules
 * into one knot (the portal had one, src/flows/use-flow.ts → src/router.tsx → the route tree → the
 * screens → use-flow.ts, closed by `import type`). eslint-plugin-import-x's `no-cycle` skips
 * type-only imports and has no option to count them (4.18), so the house checks it itself.
 *
 * For the file linted, its own imports come from its AST and everything else from the files on
 * disk (read once with TypeScript's import scanner, again when a file changed). An import is
 * reported when the imported module leads back to the file. Relative paths and the `#src/…`
 * aliases are followed; packages are not.
 */
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

import { aliasPattern } from './import-direction.js';

const sourceExtensions = ['.ts', '.tsx', '.js', '.mjs'];

/** Once a second at most, a file's stored imports are checked against its modification time. */
const recheckMs = 1000;

/** @type {Map<string, { mtimeMs: number; checkedAt: number; imports: string[] }>} */
const importsByFile = new Map();
/** @type {Map<string, boolean>} */
const isFileCache = new Map();

function isFile(candidate) {
  let known = isFileCache.get(candidate);
  if (known === undefined) {
    known = fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;
    isFileCache.set(candidate, known);
  }
  return known;
}

/** The file a local specifier names (`./x`, `#src/x`, a `.css` module written without its `.ts`), or undefined for a package. */
function resolveLocal(specifier, fromFile, root) {
  let base;
  if (aliasPattern.test(specifier)) base = path.join(root, specifier.slice(1));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return undefined;
  const candidates = [
    base,
    ...sourceExtensions.map((extension) => base + extension),
    ...sourceExtensions.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find(isFile);
}

/** The local files a file on disk imports (statically, dynamically, type-only or re-exporting alike). */
function importsOf(file, root) {
  if (!sourceExtensions.includes(path.extname(file))) return [];
  const now = Date.now();
  const stored = importsByFile.get(file);
  if (stored && now - stored.checkedAt < recheckMs) return stored.imports;
  const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (stored && stored.mtimeMs === mtimeMs) {
    stored.checkedAt = now;
    return stored.imports;
  }
  if (stored) isFileCache.clear(); // a file changed: files may have come or gone too
  const text = mtimeMs ? fs.readFileSync(file, 'utf8') : '';
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => resolveLocal(fileName, file, root))
    .filter((target) => target !== undefined);
  importsByFile.set(file, { mtimeMs, checkedAt: now, imports });
  return imports;
}

export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles, type-only imports counted.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const filename = context.physicalFilename;
    const relative = (file) => path.relative(root, file).split(path.sep).join('/');
    /** Modules known not to lead back to the file: each is searched once per file linted. */
    const deadEnds = new Set();

    /** The chain of modules from `start` back to the file, or undefined. */
    function chainBack(start) {
      const cameFrom = new Map([[start, undefined]]);
      const queue = [start];
      while (queue.length > 0) {
        const current = queue.shift();
        for (const next of importsOf(current, root)) {
          if (next === filename) {
            const chain = [];
            for (let step = current; step !== undefined; step = cameFrom.get(step)) chain.unshift(step);
            return chain;
          }
          if (cameFrom.has(next) || deadEnds.has(next)) continue;
          cameFrom.set(next, current);
          queue.push(next);
        }
      }
      for (const visited of cameFrom.keys()) deadEnds.add(visited);
      return undefined;
    }

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = resolveLocal(specifier, filename, root);
      if (target === undefined || target === filename || deadEnds.has(target)) return;
      const chain = chainBack(target);
      if (!chain) return;
      const cycle = [filename, ...chain, filename].map(relative).join(' → ');
      context.report({ node, message: `Import cycle (type-only imports count): ${cycle}. Move what both need into a module of its own.` });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
