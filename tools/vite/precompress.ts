/**
 * Build-time compression (issue 14): every text file of the build that is worth it gets a brotli
 * (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling, so a server sends the smallest file the
 * browser accepts without compressing on each request (sandbox/dist-server.ts does; static hosts
 * such as Netlify and Cloudflare Pages compress themselves and ignore the siblings).
 *
 * - Which files: scripts, stylesheets, HTML, SVG, JSON, plain text. Source maps are left alone:
 *   only developer tools fetch them, and they are a third of the build's compression time.
 * - Not worth it: files under 1 KiB (they fit one packet either way) and files whose compressed
 *   form saves less than a tenth; a sibling from an earlier run is removed then.
 * - When: last of the build (`enforce: 'post'`, `closeBundle` with `order: 'post'`), after every
 *   other plugin wrote dist/. A step that rewrites a file after that (e.g. a prerendered
 *   index.html) calls `precompressFile` on it again; the dist server also ignores a sibling older
 *   than its file, so a forgotten call costs bytes, never correctness.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The extensions compressed; anything else (images, fonts, maps, `_headers`) is served as it is. */
export const compressedExtensions = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest'] as const;

/** Below this many bytes a file is not compressed. */
export const minimumBytes = 1024;

/** A sibling is kept only when it is at most this share of the original. */
export const worthRatio = 0.9;

export const encodings = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

export interface PrecompressResult {
  file: string;
  bytes: number;
  /** The siblings written (bytes each); empty when compression did not pay. */
  written: { encoding: 'br' | 'gzip'; bytes: number }[];
}

export function isCompressible(file: string): boolean {
  return (compressedExtensions as readonly string[]).includes(path.extname(file).toLowerCase());
}

async function compress(content: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(content, { level: 9 });
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

/**
 * Writes (or rewrites) the `.br` and `.gz` siblings of one file, or removes them when compressing
 * it does not pay. For a step that changes a file after the build compressed it.
 */
export async function precompressFile(file: string): Promise<PrecompressResult> {
  const content = await readFile(file);
  const written: PrecompressResult['written'] = [];
  for (const { name, extension } of encodings) {
    const sibling = file + extension;
    const packed = content.length >= minimumBytes ? await compress(content, name) : undefined;
    if (packed && packed.length <= content.length * worthRatio) {
      await writeFile(sibling, packed);
      written.push({ encoding: name, bytes: packed.length });
    } else {
      await rm(sibling, { force: true });
    }
  }
  return { file, bytes: content.length, written };
}

/** The compressible files below a folder, leaving out dot-folders such as `.vite`. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesBelow(file);
    return entry.isFile() && isCompressible(file) ? [file] : [];
  });
}

/** Compresses every compressible file of a folder, a few at a time (brotli 11 is CPU-bound). */
export async function precompressDirectory(dir: string, { concurrency = 4 } = {}): Promise<PrecompressResult[]> {
  if (!existsSync(dir) || !(await stat(dir)).isDirectory()) return [];
  const queue = filesBelow(dir);
  const results: PrecompressResult[] = [];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) results.push(await precompressFile(file));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

/** The Vite plugin: compresses the build's output folder once everything else has written it. */
export function precompress(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'portal:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config || config.build.ssr || config.build.write === false) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const started = performance.now();
        const results = await precompressDirectory(outDir);
        const compressed = results.filter((result) => result.written.length > 0).length;
        config.logger.info(
          `precompress: ${compressed} of ${results.length} text files with .br and .gz siblings in ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}
