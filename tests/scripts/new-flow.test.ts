// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import ts from 'typescript';

import { header, namesOf, reference, referenceFiles, registries } from '../../scripts/new-flow-files';
import { checkMachineSource, formatProblems, specSectionsOf } from '#tools/machines/static-readability';

/**
 * Issue 31, item 2: `npm run new:flow` copies the reference flow (withdraw-termination) under a new
 * name. This test runs the command in a copy of the working tree (a test running meanwhile in the
 * tree would see a machine without a model) and compares what it wrote with the reference: the same
 * files, exports and imports, renamed, and nothing of the reference's own names left. A change to
 * the reference or the kit that the scaffold does not follow fails here, as does a copy that does
 * not type-check, lint or read in the Stately tools.
 */

const root = path.resolve(import.meta.dirname, '../..');
/** Not copied: git, the packages (linked instead) and the outputs .gitignore names. */
const notCopied = new Set([
  '.git',
  'node_modules',
  'dist',
  '.sandbox',
  'test-results',
  'playwright-report',
  'coverage',
  '.bench',
  '.test-reports',
  '.tanstack',
]);
const name = 'sample-flow';
/** Another route than the default (beside the reference's, under the flow's name), so the route's renames are exercised. */
const route = 'app/_signedIn/dashboard/subscription/$subscriptionId/sample';
const from = namesOf(reference);
const to = namesOf(name);

/** The reference's names as the new flow's, everywhere: what the copy's exports and imports must be. */
const renamed = (text: string) => text.replaceAll(from.kebab, to.kebab).replaceAll(from.pascal, to.pascal).replaceAll(from.camel, to.camel);

let copy = '';
let output = '';
/** What the command wrote (paths from the root) beside the generated docs/machines/ pages. */
let written: string[] = [];
/** The reference's files and route folder, as referenceFiles finds them. */
let referenceList: string[] = [];
let referenceRoute = '';
/** The registries present in the tree (the browser models' is recent). */
let registered: string[] = [];
const read = (file: string) => readFileSync(path.join(copy, file), 'utf8');

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'new-flow-'));
  cpSync(root, copy, { recursive: true, filter: (source) => !notCopied.has(path.relative(root, source).split(path.sep)[0]!) });
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  output = execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/new-flow.ts', name, '--namespace', 'account', '--route', route],
    { cwd: copy, encoding: 'utf8' },
  );
  registered = registries.filter((file) => existsSync(path.join(copy, file)));
  ({ files: referenceList, route: referenceRoute } = referenceFiles(copy));
  written = [...output.matchAll(/^ {2}wrote (.+)$/gm)].map((match) => match[1]!).filter((file) => !file.startsWith('docs/machines/'));
}, 60_000);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Where the command copies a reference file: into the route folder given, or renamed. */
function copyOf(file: string): string {
  const routeFolder = `src/routes/${referenceRoute}/`;
  return file.startsWith(routeFolder) ? `src/routes/${route}/${file.slice(routeFolder.length)}` : renamed(file);
}

interface Shape {
  imports: string[];
  exports: string[];
}

/** A module's import statements (as written, on one line) and exported names. */
function shapeOf(file: string): Shape {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imports: string[] = [];
  const exports: string[] = [];
  const namesIn = (binding: ts.BindingName): string[] =>
    ts.isIdentifier(binding) ? [binding.text] : binding.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : namesIn(element.name)));
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) imports.push(statement.getText(source).replace(/\s+/g, ' '));
    if (!ts.canHaveModifiers(statement) || !ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(statement)) exports.push(...statement.declarationList.declarations.flatMap((declaration) => namesIn(declaration.name)));
    else if (
      ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)
    ) {
      exports.push(statement.name?.text ?? 'default');
    }
  }
  return { imports, exports };
}

/** Lingui ids (`'namespace:key'`) in a file. */
const linguiIdsOf = (text: string) => [...text.matchAll(/["']([a-z]+:[A-Za-z][\w.]*)["']/g)].map((match) => match[1]!);

describe('npm run new:flow', () => {
  it('names a flow in its three spellings and refuses a name that is not kebab-case', () => {
    expect(namesOf('change-traveler')).toEqual({ kebab: 'change-traveler', camel: 'changeTraveler', pascal: 'ChangeTraveler' });
    expect(() => namesOf('ChangeTraveler')).toThrow(/kebab-case/);
  });

  it('writes every file of the reference flow under the new name, and its diagram', () => {
    expect(written.sort()).toEqual(referenceList.map(copyOf).sort());
    // What every flow has (docs/guides/adding-a-flow.md), so an empty reference cannot pass.
    expect(written).toEqual(
      expect.arrayContaining([
        `machines/${name}/${name}.machine.ts`,
        `machines/${name}/${name}.selectors.ts`,
        `src/flows/${name}/${name}.actors.ts`,
        `src/flows/${name}/use-${name}.ts`,
        `src/flows/${name}/${name}-screen.tsx`,
        `src/routes/${route}/index.tsx`,
        `tests/machines/${name}.model.ts`,
        `tests/machines/${name}.machine.test.ts`,
        `e2e/${name}.spec.ts`,
      ]),
    );
    expect(output).toContain(`wrote docs/machines/${name}.md`);
    expect(read('src/routeTree.gen.ts')).toContain(`'/${route}/'`);
  });

  it('each file has the reference’s imports and exports, renamed, and says what it was made from', () => {
    for (const file of referenceList.filter((file) => /\.tsx?$/.test(file))) {
      const copied = shapeOf(copyOf(file));
      const { imports, exports } = shapeOf(file);
      expect(copied, file).toEqual({ imports: imports.map(renamed), exports: exports.map(renamed) });
      expect(read(copyOf(file)), file).toContain(header);
    }
  });

  it('keeps none of the reference’s own names: the copy shares no export, message id or machine id with it', () => {
    const referenceIds = new Set(referenceList.flatMap((file) => linguiIdsOf(read(file))));
    for (const file of referenceList) {
      const text = read(copyOf(file)).replace(header, '');
      // Left as written only: the contract's paths and words (canWithdrawTermination) and SPEC.md 8's catalogue (messageKeys).
      const left = text
        .replace(new RegExp(`/api/[^'"\`\\s]*|\\bmessageKeys\\.\\w+|(?<=[a-z])${from.pascal}`, 'g'), '')
        .match(new RegExp(`${from.kebab}|${from.camel}|${from.pascal}`, 'g'));
      expect(left, file).toBeNull();
      const ids = linguiIdsOf(text).filter((id) => !id.startsWith('common:'));
      expect(
        ids.filter((id) => referenceIds.has(id)),
        file,
      ).toEqual([]);
      for (const id of ids) expect(id).toMatch(new RegExp(`^account:${to.camel}\\.`));
    }
    expect(linguiIdsOf(read(`src/flows/${name}/${name}-screen.tsx`)).length).toBeGreaterThan(0);
  });

  it('registers the flow wherever the reference is registered, beside it', () => {
    for (const registry of registered) {
      const source = read(registry);
      if (!source.includes(from.camel)) continue;
      expect(output).toContain(`registered the flow in ${registry}`);
      // The import names an export of the copied module (type-checking the registry would check every flow: too slow).
      const [, imported, module] = new RegExp(`^import \\{ (${to.camel}\\w+) \\} from '(\\./[^']*${name}[^']*)';$`, 'm').exec(source) ?? [];
      expect(module, `${registry} imports the new flow's module`).toBeDefined();
      expect(shapeOf(path.join(path.dirname(registry), `${module}.ts`)).exports, registry).toContain(imported);
      expect(source).toMatch(new RegExp(`[[,]\\s*${from.camel}\\w+,\\s*${imported}\\s*[,\\]]`));
    }
  });

  it('its machine is readable by the Stately tools', () => {
    const file = `machines/${name}/${name}.machine.ts`;
    const problems = checkMachineSource(read(file), { fileName: file, specSections: specSectionsOf(read('docs/SPEC.md')) });
    expect(problems, formatProblems(file, problems)).toEqual([]);
  });

  it('every file written passes lint, the import direction included', async () => {
    const results = await new ESLint({ cwd: copy }).lintFiles([...written, ...registered].map((file) => path.join(copy, file)));
    const messages = results.flatMap((result) =>
      result.messages.map((message) => `${path.relative(copy, result.filePath)}:${message.line} ${message.ruleId}: ${message.message}`),
    );
    expect(messages).toEqual([]);
  });

  it('every file written is formatted as npm run format:check wants', async () => {
    const unformatted: string[] = [];
    for (const file of [...written, ...registered].filter((written) => /\.(ts|tsx)$/.test(written))) {
      const filepath = path.join(copy, file);
      if (!(await prettier.check(read(file), { ...(await prettier.resolveConfig(filepath)), filepath }))) unformatted.push(file);
    }
    expect(unformatted).toEqual([]);
  });

  it('every file written type-checks with the project’s compiler options', () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(copy, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const checked = written.filter((file) => /\.tsx?$/.test(file)).map((file) => path.join(copy, file));
    // The route tree declares the routes' paths for createFileRoute and navigate.
    const program = ts.createProgram({ rootNames: [...checked, path.join(copy, 'src/routeTree.gen.ts')], options: config.options });
    const problems = checked.flatMap((file) =>
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(file))
        .map((d) => `${path.relative(copy, file)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`),
    );
    expect(problems).toEqual([]);
  }, 60_000);
});
