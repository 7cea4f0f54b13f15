/**
 * What `npm run new:flow` writes: a copy of the reference flow's own files, the withdrawal of a
 * termination (docs/guides/adding-a-flow.md), with its names renamed by the list in `renamesOf`.
 * Derived, not templated, so the scaffold follows every change to the reference flow and the kit;
 * tests/scripts/new-flow.test.ts generates a flow and compares it with the reference.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The reference flow: every file in a flow's folders whose path has this name is copied. */
export const reference = 'withdraw-termination';

/**
 * Where a flow's own files are. Not copied, because they are generated: docs/machines/
 * (npm run machines:docs), src/routeTree.gen.ts (the router plugin), the catalogs in locales/
 * (npm run i18n:extract).
 */
const flowFolders = ['machines', 'src/flows', 'src/routes', 'tests/machines', 'tests/flows', 'e2e'];

/** The first line of every copied file, so nothing of the withdrawal stays by mistake. */
export const header = `// Made from the reference flow ${reference} by npm run new:flow: replace what is the withdrawal's (states, actors, data, texts) with your flow's, then delete this line.`;

export interface FlowNames {
  /** kebab-case, the folder and file names: `change-traveler` */
  kebab: string;
  /** camelCase, the machine id, variables and Lingui ids: `changeTraveler` */
  camel: string;
  /** PascalCase, the types and components: `ChangeTraveler` */
  pascal: string;
}

export function namesOf(name: string): FlowNames {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) throw new Error(`A flow name is kebab-case, e.g. change-traveler (got '${name}')`);
  const camel = name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
  return { kebab: name, camel, pascal: camel[0]!.toUpperCase() + camel.slice(1) };
}

export interface FlowOptions {
  name: string;
  /** The Lingui namespace of the flow's texts (SPEC.md's list: dashboard, account, traveler, ...); the reference's when left out. */
  namespace?: string | undefined;
  /** The route's folder under src/routes/; beside the reference's route when left out. */
  route?: string | undefined;
}

/** The reference flow's files (paths from the root, sorted) and its route's folder under src/routes/. */
export function referenceFiles(root: string): { files: string[]; route: string } {
  const files = flowFolders.flatMap((folder) => filesUnder(root, folder)).filter((file) => file.includes(reference));
  const routeFile = files.find((file) => file.startsWith('src/routes/'));
  if (!routeFile) throw new Error(`The reference flow ${reference} has no route under src/routes/`);
  const route = routeFile.slice('src/routes/'.length, routeFile.indexOf(reference) + reference.length);
  return { files: files.sort(), route };
}

function filesUnder(root: string, folder: string): string[] {
  if (!existsSync(path.join(root, folder))) return [];
  const entries = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** A route folder's URL: pathless layouts (`_signedIn`) and groups (`(shop)`) are not in it. */
export function urlOf(route: string): string {
  return `/${route
    .split('/')
    .filter((segment) => !segment.startsWith('_') && !/^\(.*\)$/.test(segment))
    .join('/')}`;
}

export type Rename = readonly [pattern: RegExp, replacement: string];

/** What stays as the reference wrote it: it names the world outside the flow, which the new flow replaces with its own. */
const kept = [
  /\/api\/[^'"`\s]*/, // the contract's paths (openapi/portal.yaml)
  /\bmessageKeys\.\w+/, // SPEC.md 8's message catalogue (src/domain/failure.ts)
];

/** The renames, in this order, applied to every copied file outside the `kept` parts. */
export function renamesOf(to: FlowNames, routes: { from: string; to: string }, namespace?: string): Rename[] {
  const from = namesOf(reference);
  return [
    // The route's id (createFileRoute) and its URL (navigate): the new route's.
    [literal(`/${routes.from}`), dollars(`/${routes.to}`)],
    [literal(urlOf(routes.from)), dollars(urlOf(routes.to))],
    // Lingui ids `dashboard:withdrawTermination.confirm`: the flow's own, or both would share one translation.
    [new RegExp(`\\b([a-z]+):${from.camel}\\.`, 'g'), `${namespace ?? '$1'}:${to.camel}.`],
    // Folders, files, imports and the other paths.
    [new RegExp(from.kebab, 'g'), to.kebab],
    // Types and components, and the kit's use<Flow>, provide<Flow>, select<Flow>View; a longer
    // word that contains the name is the contract's (`canWithdrawTermination`).
    [new RegExp(`(?<![\\w$])(use|provide|select)?${from.pascal}`, 'g'), `$1${to.pascal}`],
    // The machine's id, variables, and the actor named after the flow.
    [new RegExp(`(?<![\\w$])${from.camel}`, 'g'), to.camel],
  ];
}

function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
}

/** A replacement taken as written (`$subscriptionId` is a route parameter, not a group). */
function dollars(text: string): string {
  return text.replaceAll('$', '$$$$');
}

export function rename(text: string, renames: readonly Rename[]): string {
  const parts = text.split(new RegExp(`(${kept.map((pattern) => pattern.source).join('|')})`));
  // split with one group: the odd parts are the kept ones.
  return parts
    .map((part, index) => (index % 2 === 1 ? part : renames.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), part)))
    .join('');
}

/** The header goes after the pragmas that must stay first (`// @vitest-environment node`). */
function withHeader(content: string): string {
  const lines = content.split('\n');
  const at = lines.findIndex((line) => !line.startsWith('// @'));
  lines.splice(at, 0, header);
  return lines.join('\n');
}

/** The new flow's files, `{ path: content }`, its route's folder under src/routes/, and the renames that made them. */
export function flowFiles(root: string, options: FlowOptions): { files: Record<string, string>; route: string; renames: Rename[] } {
  const names = namesOf(options.name);
  const { files, route: referenceRoute } = referenceFiles(root);
  const route = options.route ?? `${referenceRoute.slice(0, -reference.length)}${names.kebab}`;
  const renames = renamesOf(names, { from: referenceRoute, to: route }, options.namespace);
  const routeFolder = `src/routes/${referenceRoute}/`;
  const written: Record<string, string> = {};
  for (const file of files) {
    const target = file.startsWith(routeFolder) ? `src/routes/${route}/${file.slice(routeFolder.length)}` : file.replaceAll(reference, names.kebab);
    written[target] = withHeader(rename(readFileSync(path.join(root, file), 'utf8'), renames));
  }
  return { files: written, route, renames };
}

/** The registries that list every flow's model: coverage.test.ts and e2e/machine-paths.spec.ts run what they name. */
export const registries = ['tests/machines/models.ts', 'e2e/machine-paths/models.ts'];

/**
 * A registry with the new flow added beside the reference: the import of the reference's module and
 * its entry in the list, copied renamed. Undefined when the registry does not name the reference.
 */
export function register(source: string, renames: readonly Rename[]): string | undefined {
  const importLine = new RegExp(`^import \\{ (\\w+) \\} from '\\./[^']*${reference}[^']*';$`, 'm').exec(source);
  if (!importLine) return undefined;
  const [line, imported = ''] = importLine;
  const entry = new RegExp(`(?<=[[,]\\s*)${imported}(?=\\s*[,\\]])`);
  if (!entry.test(source)) return undefined;
  return source.replace(line, () => `${line}\n${rename(line, renames)}`).replace(entry, () => `${imported}, ${rename(imported, renames)}`);
}
