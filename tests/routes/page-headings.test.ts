// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One rule for the page's h1 (issue 31; docs/guides/adding-a-flow.md section 5): the route puts
 * `<PageHeading>` above the screen. Only a screen whose heading changes with its flow's step (a
 * confirmation, a failure) renders the h1 itself, every step's (`PageHeading`, or `DonePage`,
 * which owns its h1), and follows its steps with `useStepFocus`; its route then renders none. The
 * source files are read: a page with no h1 or two, or a screen with a fixed heading of its own,
 * fails here.
 */
const root = path.resolve(import.meta.dirname, '../..');
const rendersHeading = /<(PageHeading|DonePage)\b/;

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => path.join(folder, file).split(path.sep).join('/'));
}

const source = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The repo-relative .tsx files a file imports (relative or `#src/…`). */
function localImports(file: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of source(file).matchAll(/from ['"]([^'"]+)['"]/g)) {
    const base = specifier!.startsWith('#src/')
      ? path.join(root, 'src', specifier!.slice('#src/'.length))
      : specifier!.startsWith('.')
        ? path.resolve(path.dirname(path.join(root, file)), specifier!)
        : undefined;
    if (base && existsSync(`${base}.tsx`)) found.push(path.relative(root, `${base}.tsx`).split(path.sep).join('/'));
  }
  return found;
}

/** Where a route page's h1 comes from: the route file itself, or a screen or shell part it renders (and the screen a shell part renders). */
function headingSources(route: string): string[] {
  const text = source(route);
  const own = rendersHeading.test(text) || /<HeroBanner\b[^>]*headingLevel=\{1\}/.test(text) ? [route] : [];
  const imported = localImports(route).flatMap((file) => (file.startsWith('src/routes/-shell/') ? [file, ...localImports(file)] : [file]));
  const rendered = imported.filter((file) => /^src\/(flows|routes\/-shell)\//.test(file) && rendersHeading.test(source(file)));
  return [...own, ...new Set(rendered)];
}

/** Route files that render a page: not the layouts (an `<Outlet>`), not a route without a component. */
const pageRoutes = filesUnder('src/routes').filter((file) => {
  if (file.includes('/-shell/')) return false;
  const text = source(file);
  return /\bcomponent:/.test(text) && !text.includes('<Outlet');
});

/** Pages whose h1 is none of the above, and why. */
const ownHeadings: Record<string, string> = {
  'src/routes/dev.components.tsx': 'the design-system gallery (development only) has its own h1',
};

describe('the page heading: one h1 per page, by one rule', () => {
  it('finds the route pages', () => {
    expect(pageRoutes.length).toBeGreaterThan(30);
  });

  it.each(pageRoutes.filter((file) => !(file in ownHeadings)))('%s: the route or its step screen renders the one h1, not both', (route) => {
    expect(headingSources(route)).toHaveLength(1);
  });

  it.each(filesUnder('src/flows').filter((file) => rendersHeading.test(source(file))))(
    '%s: a flow renders a page heading only when it follows its steps (useStepFocus)',
    (file) => {
      expect(source(file)).toMatch(/\buseStepFocus\(/);
    },
  );
});
