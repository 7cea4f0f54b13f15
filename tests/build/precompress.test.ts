// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { isCompressible, minimumBytes, precompress, precompressDirectory, precompressFile } from '#tools/vite/precompress';

/**
 * Build-time compression (tools/vite/precompress.ts): `.br` and `.gz` beside every text file of the
 * build that is worth compressing, made last in the build.
 */

/** Text that compresses well, of about `bytes` bytes. */
const text = (bytes: number) => 'export const greeting = "Guten Tag";\n'.repeat(Math.ceil(bytes / 37)).slice(0, bytes);

describe('precompress', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip siblings that decompress to the file itself', async () => {
    const file = path.join(dir, 'assets/index-abc123.js');
    writeFileSync(file, text(20_000));
    const result = await precompressFile(file);
    expect(result.written.map(({ encoding }) => encoding)).toEqual(['br', 'gzip']);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(readFileSync(file, 'utf8'));
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(readFileSync(file, 'utf8'));
    expect(readFileSync(`${file}.br`).length).toBeLessThan(readFileSync(`${file}.gz`).length);
  });

  it('compresses scripts, styles, HTML, SVG and JSON; leaves maps, images, fonts, _headers, dot-folders and tiny files alone', async () => {
    const files = {
      'index.html': text(3000),
      'assets/a.js': text(5000),
      'assets/a.css': text(5000),
      'assets/a.js.map': text(50_000),
      'logo.svg': text(2000),
      'config.json': text(2000),
      'tiny.js': text(minimumBytes - 1),
      _headers: text(4000),
      '.vite/manifest.json': text(4000),
      'assets/font.woff2': text(4000),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    await precompressDirectory(dir);
    const siblings = (folder: string) =>
      readdirSync(path.join(dir, folder))
        .filter((name) => /\.(br|gz)$/.test(name))
        .sort();
    expect(siblings('.')).toEqual(['config.json.br', 'config.json.gz', 'index.html.br', 'index.html.gz', 'logo.svg.br', 'logo.svg.gz']);
    expect(siblings('assets')).toEqual(['a.css.br', 'a.css.gz', 'a.js.br', 'a.js.gz']);
    expect(siblings('.vite')).toEqual([]);
    expect(isCompressible('x.JS')).toBe(true);
    expect(isCompressible('x.png')).toBe(false);
  });

  it('does not keep a sibling that saves nothing, and removes one a rewrite made stale', async () => {
    const file = path.join(dir, 'index.html');
    writeFileSync(file, text(4000));
    await precompressFile(file);
    expect(existsSync(`${file}.br`)).toBe(true);
    // Random bytes do not compress: no sibling.
    const incompressible = path.join(dir, 'noise.json');
    writeFileSync(incompressible, Buffer.from(Array.from({ length: 4000 }, () => Math.floor(Math.random() * 256))));
    expect((await precompressFile(incompressible)).written).toEqual([]);
    // Rewritten too small to pay: the earlier siblings are gone.
    writeFileSync(file, 'short');
    expect((await precompressFile(file)).written).toEqual([]);
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
  });

  it('runs last in the build: a post plugin whose closeBundle is ordered post, for builds only', () => {
    const plugin = precompress();
    expect(plugin.apply).toBe('build');
    expect(plugin.enforce).toBe('post');
    expect(plugin.closeBundle).toMatchObject({ order: 'post', sequential: true });
  });
});

/**
 * The production build itself (`npm test` builds first; `BUNDLE_DIR=/tmp/x` for another build
 * folder): every script and stylesheet worth it has both siblings.
 */
const build = path.resolve(process.env.BUNDLE_DIR ?? path.resolve(import.meta.dirname, '../../dist'));
describe.runIf(existsSync(path.join(build, 'index.html')))('the production build', () => {
  it('ships .br and .gz beside every script and stylesheet over 1 KiB, and beside index.html', () => {
    const assets = path.join(build, 'assets');
    const missing = readdirSync(assets)
      .filter((name) => /\.(js|css)$/.test(name) && readFileSync(path.join(assets, name)).length >= minimumBytes)
      .filter((name) => !existsSync(path.join(assets, `${name}.br`)) || !existsSync(path.join(assets, `${name}.gz`)));
    expect(missing).toEqual([]);
    expect(existsSync(path.join(build, 'index.html.br'))).toBe(true);
    expect(readdirSync(assets).filter((name) => name.endsWith('.map.br'))).toEqual([]);
  });
});
