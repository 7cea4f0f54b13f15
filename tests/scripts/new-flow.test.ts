// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { ESLint } from 'eslint';
import ts from 'typescript';

import { flowFiles, namesOf } from '../../scripts/new-flow-files';
import { checkMachineSource, formatProblems, specSectionsOf } from '#tools/machines/static-readability';

/**
 * Issue 9, item 9: a flow made with `npm run new:flow` type-checks, lints and is readable by the
 * Stately tools as generated. The files are checked where they would be written, in memory: nothing
 * is written into the tree (a test running meanwhile would see a machine without a model).
 */

const root = path.resolve(import.meta.dirname, '../..');
const files = Object.fromEntries(Object.entries(flowFiles('scaffold-check')).map(([file, content]) => [path.join(root, file), content]));

describe('npm run new:flow', () => {
  it('names a flow in its three spellings and refuses a name that is not kebab-case', () => {
    expect(namesOf('change-traveler')).toEqual({ kebab: 'change-traveler', camel: 'changeTraveler', pascal: 'ChangeTraveler' });
    expect(() => namesOf('ChangeTraveler')).toThrow(/kebab-case/);
  });

  it('writes the machine, selectors, actors, hook, screen, model, machine test and browser test', () => {
    expect(Object.keys(flowFiles('scaffold-check')).sort()).toEqual([
      'e2e/scaffold-check.spec.ts',
      'machines/scaffold-check/scaffold-check.machine.ts',
      'machines/scaffold-check/scaffold-check.selectors.ts',
      'src/flows/scaffold-check/scaffold-check-screen.tsx',
      'src/flows/scaffold-check/scaffold-check.actors.ts',
      'src/flows/scaffold-check/use-scaffold-check.ts',
      'tests/machines/scaffold-check.machine.test.ts',
      'tests/machines/scaffold-check.model.ts',
    ]);
  });

  it('its machine is readable by the Stately tools as generated', () => {
    const file = 'machines/scaffold-check/scaffold-check.machine.ts';
    const specSections = specSectionsOf(readFileSync(path.join(root, 'docs/SPEC.md'), 'utf8'));
    const problems = checkMachineSource(files[path.join(root, file)]!, { fileName: file, specSections });
    expect(problems, formatProblems(file, problems)).toEqual([]);
  });

  it('every file passes lint, the import direction included', async () => {
    const eslint = new ESLint({ cwd: root });
    for (const [file, content] of Object.entries(files)) {
      const [result] = await eslint.lintText(content, { filePath: file });
      expect(result?.messages.map((message) => `${path.relative(root, file)}:${message.line} ${message.ruleId}: ${message.message}`)).toEqual([]);
    }
  });

  it('every file type-checks with the project’s compiler options', () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const host = ts.createCompilerHost(config.options);
    const virtual = (file: string) => files[path.resolve(file)];
    const { fileExists, readFile, getSourceFile, directoryExists } = host;
    const virtualDirectory = (directory: string) => Object.keys(files).some((file) => file.startsWith(`${path.resolve(directory)}${path.sep}`));
    host.directoryExists = (directory) => virtualDirectory(directory) || (directoryExists?.call(host, directory) ?? ts.sys.directoryExists(directory));
    host.fileExists = (file) => virtual(file) !== undefined || fileExists.call(host, file);
    host.readFile = (file) => virtual(file) ?? readFile.call(host, file);
    host.getSourceFile = (file, language, ...rest) => {
      const content = virtual(file);
      return content !== undefined ? ts.createSourceFile(file, content, language) : getSourceFile.call(host, file, language, ...rest);
    };
    const program = ts.createProgram({ rootNames: Object.keys(files), options: config.options, host });
    const problems = Object.keys(files).flatMap((file) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => `${path.relative(root, file)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`),
    );
    expect(problems).toEqual([]);
  }, 60_000);
});
