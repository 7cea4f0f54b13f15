// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { headingIds } from './markdown';

/**
 * The documentation travels with the repository (issue 13, item 15): README.md and docs/**\/*.md
 * link only to files inside it, and each file they link exists. A person who clones the repository
 * has nothing beside it (no `../shared/PLAN.md`). An anchor into a Markdown file of the repository
 * (`architecture.md#security`, `#where-things-are`) must name one of its headings, as the code
 * host makes their ids. Web links (https:, mailto:) are not checked.
 */

const root = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

interface MarkdownLink {
  line: number;
  target: string;
}

/** The link targets of a Markdown text: inline `[text](target)`, images and reference definitions; code is skipped. */
function linksOf(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const fenceMark = /^\s*(```|~~~)/.exec(text)?.[1];
    if (fenceMark !== undefined && (fence === undefined || fence === fenceMark)) {
      fence = fence === undefined ? fenceMark : undefined;
      return;
    }
    if (fence !== undefined) return;
    const prose = text.replace(/`[^`]*`/g, '');
    const line = index + 1;
    for (const match of prose.matchAll(/\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line, target: (match[1] ?? '').replace(/^<|>$/g, '') });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(prose);
    if (definition?.[1] !== undefined) links.push({ line, target: definition[1].replace(/^<|>$/g, '') });
  });
  return links;
}

/** Why a link of `file` (repo-relative) is broken, or undefined when it is fine or not a file link. */
function problemOf(file: string, target: string, exists: (absolute: string) => boolean = existsSync): string | undefined {
  if (target === '' || target.startsWith('#')) return undefined;
  if (/^(https?|mailto|tel):/i.test(target)) return undefined;
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) return `${target}: not a file of the repository`;
  const pathPart = decodeURIComponent(target.replace(/[?#].*$/, ''));
  if (pathPart === '') return undefined;
  // A leading slash is the repository's root, as the code host reads it.
  const absolute = pathPart.startsWith('/') ? path.join(root, pathPart) : path.resolve(root, path.dirname(file), pathPart);
  const relative = path.relative(root, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return `${target}: leaves the repository`;
  if (!exists(absolute)) return `${target}: ${relative} does not exist`;
  return undefined;
}

/** Why the anchor of a link of `file` to a Markdown file of the repository names no heading there, or undefined. */
function anchorProblemOf(file: string, target: string, read: (absolute: string) => string | undefined = readIfThere): string | undefined {
  const hash = target.indexOf('#');
  if (hash < 0 || /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
  const pathPart = decodeURIComponent(target.slice(0, hash).replace(/\?.*$/, ''));
  if (pathPart !== '' && !pathPart.endsWith('.md')) return undefined;
  const absolute =
    pathPart === '' ? path.join(root, file) : pathPart.startsWith('/') ? path.join(root, pathPart) : path.resolve(root, path.dirname(file), pathPart);
  const markdown = read(absolute);
  if (markdown === undefined) return undefined; // the file check reports it
  const anchor = decodeURIComponent(target.slice(hash + 1));
  return headingIds(markdown).has(anchor) ? undefined : `${target}: no heading with the id "${anchor}" in ${path.relative(root, absolute)}`;
}

function readIfThere(absolute: string): string | undefined {
  return existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined;
}

const files = ['README.md', ...markdownFiles('docs')];

describe('links in README.md and docs/', () => {
  it('finds the documentation, with links to check', () => {
    expect(files).toContain('docs/architecture.md');
    expect(files.length).toBeGreaterThan(20);
    expect(linksOf(readFileSync(path.join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  it.each(files)('%s links only to files inside the repository that exist, and to headings they have', (file) => {
    const problems = linksOf(readFileSync(path.join(root, file), 'utf8'))
      .map(({ line, target }) => {
        const problem = problemOf(file, target) ?? anchorProblemOf(file, target);
        return problem === undefined ? undefined : `${file}:${line}: ${problem}`;
      })
      .filter((problem) => problem !== undefined);
    expect(problems).toEqual([]);
  });
});

describe('the link check itself', () => {
  it('reads inline links, images, titles, angle brackets and definitions, and skips code', () => {
    const text = [
      'See [a](docs/a.md#part), ![logo](public/logo.svg "Logo") and [b](<docs/with space.md>).',
      '`[not](a-link.md)` and [web](https://example.com).',
      '```ts',
      'const x = [y](z);',
      '```',
      '[ref]: ../outside.md',
    ].join('\n');
    expect(linksOf(text)).toEqual([
      { line: 1, target: 'docs/a.md#part' },
      { line: 1, target: 'public/logo.svg' },
      { line: 1, target: 'docs/with space.md' },
      { line: 2, target: 'https://example.com' },
      { line: 6, target: '../outside.md' },
    ]);
  });

  it('refuses links that leave the repository or point at nothing, and lets anchors and web links be', () => {
    expect(problemOf('README.md', '../shared/PLAN.md')).toMatch(/leaves the repository/);
    expect(problemOf('docs/guides/testing.md', '../../../shared/SPEC.md')).toMatch(/leaves the repository/);
    expect(problemOf('README.md', 'file:///work/shared/PLAN.md')).toMatch(/not a file of the repository/);
    expect(problemOf('README.md', 'docs/no-such-file.md')).toMatch(/does not exist/);
    expect(problemOf('docs/guides/testing.md', '../SPEC.md#section')).toBeUndefined();
    expect(problemOf('README.md', '/docs/SPEC.md')).toBeUndefined();
    expect(problemOf('README.md', '#the-machines-for-developers-and-testers')).toBeUndefined();
    expect(problemOf('README.md', 'https://stately.ai/inspect')).toBeUndefined();
    expect(problemOf('README.md', 'mailto:kundenservice@example.com')).toBeUndefined();
  });

  it('makes heading ids as the code host does, and refuses an anchor without its heading', () => {
    const markdown = [
      '# Ticket portal',
      '## The two commands',
      '## Where things are',
      '```',
      '## not a heading',
      '```',
      '## Where things are',
      '## `npm run bench`: the [floor](x.md)',
    ].join('\n');
    expect([...headingIds(markdown)]).toEqual(['ticket-portal', 'the-two-commands', 'where-things-are', 'where-things-are-1', 'npm-run-bench-the-floor']);
    const read = (absolute: string) => (absolute.startsWith(path.join(root, 'docs/')) ? '## Security\n## Data and state' : undefined);
    expect(anchorProblemOf('docs/decisions/0003-token-model.md', '../architecture.md#security', read)).toBeUndefined();
    expect(anchorProblemOf('README.md', 'docs/architecture.md#data-and-state', read)).toBeUndefined();
    expect(anchorProblemOf('README.md', 'docs/plan.md#4-security-model', read)).toMatch(/no heading with the id "4-security-model" in docs\/plan.md/);
    expect(anchorProblemOf('README.md', 'https://example.com/a.md#x', read)).toBeUndefined();
    expect(anchorProblemOf('README.md', 'public/config.json#x', read)).toBeUndefined();
  });
});
