// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { headingIds } from './markdown';

/**
 * References in code and docs point at what a clone has. The design plan the project started from
 * is not in the repository: its sections are the headings of docs/architecture.md, cited as
 * `docs/architecture.md#security` (code comments, meta.spec, the contract) or as a Markdown link.
 * Every tracked file is read (`git ls-files`), so node_modules and build output are not.
 */

const root = path.resolve(import.meta.dirname, '../..');
/** The plan's file name, assembled so that this file does not name it. */
const planFile = ['DESIGN', 'md'].join('.');

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root })
  .toString()
  .split('\0')
  .filter((file) => file !== '' && !file.startsWith('node_modules/') && existsSync(path.join(root, file)));

const textOf = (file: string): string | undefined => {
  const buffer = readFileSync(path.join(root, file));
  return buffer.includes(0) ? undefined : buffer.toString('utf8');
};

/** The anchors a text cites: each `docs/architecture.md#<heading>`, and any `, #<heading>` or ` and #<heading>` right after it. */
function architectureAnchors(text: string): string[] {
  const anchors: string[] = [];
  for (const match of text.matchAll(/architecture\.md#([\p{L}\p{N}_-]+)((?:(?:,\s*|\s+and\s+)#[\p{L}\p{N}_-]+)*)/gu)) {
    anchors.push(match[1]!, ...[...(match[2] ?? '').matchAll(/#([\p{L}\p{N}_-]+)/gu)].map((more) => more[1]!));
  }
  return anchors;
}

describe('references to the design', () => {
  it('reads the tracked files', () => {
    expect(tracked).toContain('docs/architecture.md');
    expect(tracked.length).toBeGreaterThan(100);
  });

  it(`no tracked file cites ${planFile}, which a clone does not have (cite docs/architecture.md#<heading>)`, () => {
    const citing = tracked.filter((file) => textOf(file)?.includes(planFile));
    expect(citing).toEqual([]);
  });

  it('every docs/architecture.md#<anchor> in code and docs names a heading of docs/architecture.md', () => {
    const headings = headingIds(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
    const broken = tracked.flatMap((file) =>
      (textOf(file) ?? '').split('\n').flatMap((line, index) =>
        architectureAnchors(line)
          .filter((anchor) => !headings.has(anchor))
          .map((anchor) => `${file}:${index + 1}: #${anchor}`),
      ),
    );
    expect(headings.has('security')).toBe(true);
    expect(broken).toEqual([]);
  });

  it('finds every anchor of a citation', () => {
    expect(architectureAnchors('(SPEC.md 4.7, docs/architecture.md#security): OAuth')).toEqual(['security']);
    expect(architectureAnchors('docs/architecture.md#security and #the-sandbox')).toEqual(['security', 'the-sandbox']);
    expect(architectureAnchors("'8; docs/architecture.md#layers-and-the-import-direction, #data-and-state'")).toEqual([
      'layers-and-the-import-direction',
      'data-and-state',
    ]);
    expect(architectureAnchors('[security](../architecture.md#security)')).toEqual(['security']);
    expect(architectureAnchors('docs/architecture.md, its layers')).toEqual([]);
  });
});
