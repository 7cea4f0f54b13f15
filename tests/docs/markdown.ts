/**
 * Reading Markdown as the code host renders it, for the documentation tests in tests/docs/.
 */

/** The ids the code host gives a Markdown file's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const text of markdown.split('\n')) {
    const fenceMark = /^\s*(```|~~~)/.exec(text)?.[1];
    if (fenceMark !== undefined && (fence === undefined || fence === fenceMark)) {
      fence = fence === undefined ? fenceMark : undefined;
      continue;
    }
    const heading = fence === undefined ? /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1] : undefined;
    if (heading === undefined) continue;
    const base = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}
