import { type Manifest, staticClosure } from './page-files';

/**
 * The build's check of the catalog parts (src/start-up/catalog-parts.ts): which part a message goes
 * into is decided by the files listed there, and a text a page shows before its part has come would
 * show as its id (`common:start.cta`). So the build reads the code of the start page (index.html's
 * scripts and the header's session buttons) and of /order (its route's chunks, the wizard's steps
 * and everything they load), and fails, with the ids and what to do, when a part lacks one of their
 * texts. scripts/prerender.ts runs it as part of `npm run build`.
 */

/** The message ids a chunk's code uses (Lingui's compiled `{ id: "ns:key" }`). */
export function idsUsedIn(code: string): Set<string> {
  return new Set([...code.matchAll(/\bid:[`"']([a-zA-Z]+:[^`"']+)[`"']/g)].map((match) => match[1]!));
}

/** The ids of a compiled catalog part (its `JSON.parse(`…`)`). */
export function idsOfPart(code: string): Set<string> {
  const json = /JSON\.parse\(`([\s\S]*)`\)/.exec(code)?.[1];
  if (json === undefined) throw new Error('a catalog part without its JSON.parse(`…`): did the Lingui compiler change its output?');
  return new Set(Object.keys(JSON.parse(json) as object));
}

export interface BuiltPages {
  manifest: Manifest;
  /** The built index.html (before the prerender). */
  indexHtml: string;
  /** A file of the build by its path under dist/ (`assets/…`). */
  read: (file: string) => string;
}

/** The start page's and /order's texts, and the parts' ids, of one locale's catalog. */
export function catalogPartProblems({ manifest, indexHtml, read }: BuiltPages, locale: string): string[] {
  const chunkOf = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build has no ${key}: did the file move? (scripts/catalog-parts-check.ts)`);
    return chunk;
  };
  const part = (name: string) => idsOfPart(read(chunkOf(`locales/${locale}/messages.po?part=${name}`).file));
  const [start, order, rest] = [part('start'), part('order'), part('rest')];

  const startFiles = [...indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  startFiles.push(chunkOf('src/routes/-shell/session-buttons.tsx').file);
  const startUsed = new Set(startFiles.flatMap((file) => [...idsUsedIn(read(file))]));

  // The entry's code is index.html's; its lazy imports are every page's.
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the build has no entry chunk');
  const entry = staticClosure(manifest, entryKey);
  /** A chunk and every chunk it imports, statically or lazily, transitively, but the entry's. */
  const loadedWith = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || entry.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) loadedWith(dep, seen);
    return seen;
  };
  const orderChunks = new Set<string>();
  const steps = Object.keys(manifest).filter((key) => key.startsWith('src/flows/order-wizard/steps/') && manifest[key]!.isDynamicEntry);
  for (const key of ['src/routes/order.tsx?tsr-split=component', 'src/routes/order.tsx?tsr-split=loader', 'src/routes/-shell/session-buttons.tsx', ...steps]) {
    loadedWith(key, orderChunks);
  }
  const orderUsed = new Set([...startUsed, ...[...orderChunks].flatMap((key) => [...idsUsedIn(read(manifest[key]!.file))])]);

  const problems: string[] = [];
  // Without these the check would pass on nothing: the code's shape or the files read changed.
  for (const id of ['common:start.cta', 'common:header.login'])
    if (!startUsed.has(id)) problems.push(`the start page's code does not use ${id}: the check reads the wrong files`);
  if (steps.length === 0 || !orderUsed.has('order:summary.title')) problems.push(`the order page's steps were not found in the build (${steps.length} steps)`);

  const startMissing = [...startUsed].filter((id) => !start.has(id));
  if (startMissing.length > 0) {
    problems.push(
      `${locale}: the start page shows ${startMissing.join(', ')}, which the start part lacks: add the file that uses it to startPartFiles (src/start-up/catalog-parts.ts)`,
    );
  }
  const orderMissing = [...orderUsed].filter((id) => !start.has(id) && !order.has(id));
  if (orderMissing.length > 0) {
    problems.push(
      `${locale}: /order shows ${orderMissing.join(', ')}, which neither the start nor the order part has: add its file to orderPartFiles (src/start-up/catalog-parts.ts)`,
    );
  }
  const doubled = [...start, ...order].filter((id) => rest.has(id) || (start.has(id) && order.has(id)));
  if (doubled.length > 0) problems.push(`${locale}: ${doubled.join(', ')} stand in two parts`);
  // The point of the split: the start page waits for a small share of the catalog, /order for less than half.
  if (start.size >= rest.size / 5) problems.push(`${locale}: the start part (${start.size} texts) is no longer a small share of the rest (${rest.size})`);
  if (order.size >= rest.size / 2) problems.push(`${locale}: the order part (${order.size} texts) is no longer under half of the rest (${rest.size})`);
  return problems;
}
