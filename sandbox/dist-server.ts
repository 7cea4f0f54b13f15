/**
 * The portal's production build as `npm run start:dist` serves it (sandbox/serve.ts): the files of
 * dist/ as they are, every other path index.html, and on every answer the headers of dist/_headers
 * (public/_headers, the Netlify / Cloudflare Pages format a static host reads; decision 21), so the
 * browser tests run under the very headers the product ships.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** One block of a `_headers` file: a path pattern and its headers. */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

/**
 * Reads a `_headers` file: `#` comments, a path pattern at the start of a line, its headers
 * indented below as `Name: value`.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || separator < 0) throw new Error(`_headers line ${index + 1}: expected "Name: value" below a path`);
    rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

/** Whether a pattern matches a path: `/*` and `/prefix/*` match below them, anything else exactly. */
function matches(pattern: string, pathname: string): boolean {
  return pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pattern === pathname;
}

/** The headers of every rule that matches the path, later rules adding to earlier ones. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!matches(rule.pattern, pathname)) continue;
    for (const [name, value] of rule.headers) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** The sources a directive of a Content-Security-Policy lists (empty when it has none). */
export function directiveOf(policy: string, name: string): string[] {
  const directive = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return directive?.slice(1) ?? [];
}

/**
 * Why the headers do not fit the runtime config served beside them, if they do not: frame-src
 * must list exactly the payment frame's allow-list (`"self"` is `'self'`).
 */
export function configMismatch(headers: Record<string, string>, config: { paymentFrameOrigins?: unknown }): string | undefined {
  const allowed = Array.isArray(config.paymentFrameOrigins) ? config.paymentFrameOrigins.map((entry) => (entry === 'self' ? "'self'" : String(entry))) : [];
  const framed = directiveOf(headers['Content-Security-Policy'] ?? '', 'frame-src');
  const same = allowed.length === framed.length && allowed.every((source) => framed.includes(source));
  return same ? undefined : `_headers frame-src (${framed.join(' ') || 'none'}) is not config.json's paymentFrameOrigins (${allowed.join(' ') || 'none'})`;
}

/**
 * The dev server's share of the headers: what does not hinder Vite's inline HMR scripts and the
 * Stately inspector's window (decision 15). The policy keeps only frame-ancestors; no
 * Cross-Origin-Opener-Policy.
 */
export function developmentHeaders(production: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options']) {
    if (production[name]) headers[name] = production[name];
  }
  const ancestors = directiveOf(production['Content-Security-Policy'] ?? '', 'frame-ancestors');
  if (ancestors.length > 0) headers['Content-Security-Policy'] = `frame-ancestors ${ancestors.join(' ')}`;
  return headers;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The precompressed siblings the build writes (tools/vite/precompress.ts), in the server's order of preference. */
const siblings = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

/**
 * The encodings an `Accept-Encoding` header accepts: those it names with a q above 0, and, when it
 * has `*` with a q above 0, those it does not name. No header: none (identity).
 */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  if (!header) return accepted;
  const named = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!token) continue;
    const q = parameters.map((parameter) => /^q\s*=\s*([0-9.]+)$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
    named.set(token.toLowerCase(), q === undefined ? 1 : Number(q));
  }
  const wildcard = named.get('*');
  for (const { encoding } of siblings) {
    const q = named.get(encoding) ?? (encoding === 'gzip' ? named.get('x-gzip') : undefined) ?? wildcard ?? 0;
    if (q > 0) accepted.add(encoding);
  }
  return accepted;
}

/** The Cache-Control a path gets when `_headers` names none: revalidate on every use, as a static host does by default. */
export const defaultCacheControl = 'no-cache';

/**
 * Serves dist/: files as they are, a path with a prerendered page its `.html` (/order:
 * dist/order.html), every other path index.html (the SPA decides). `_headers`
 * itself is not served (a static host does not either). A build without `_headers` (from before
 * decision 21) is served without security headers, with a warning; a `_headers` whose frame-src
 * disagrees with config.json is refused.
 *
 * As a host serves it (issue 14): the build's `.br` or `.gz` sibling of a file when the browser
 * accepts it (brotli first), with `Content-Encoding` and `Vary: Accept-Encoding`; a sibling older
 * than its file (the file rewritten after the build) is not used. Cache-Control is `_headers`'s
 * (the hashed files of /assets/ for a year, immutable), `no-cache` where it names none. HEAD
 * answers the headers alone; an ETag lets a revalidation end in 304.
 */
/**
 * The sandbox's stand-in for a new deployment: a browser that carries this cookie gets /sw.js with
 * one more line, so its service worker finds a new version of the portal (e2e/installable.spec.ts)
 * while every other browser, and the build in dist/, stay as they are. Only this dist server knows
 * the cookie; a real web server serves dist/sw.js as it is.
 */
export const nextWorkerVersionCookie = 'sandbox-next-version';

/** The version a request's cookie asks for, if it carries one (a short word of letters, digits and dashes). */
export function nextWorkerVersion(cookieHeader: string | undefined): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${nextWorkerVersionCookie}=([\\w-]{1,40})(?:;|$)`).exec(cookieHeader ?? '');
  return match?.[1];
}

export function distListener(dist: string, options: { warn?: (message: string) => void } = {}) {
  const root = path.resolve(dist);
  if (!existsSync(path.join(root, 'index.html'))) throw new Error('dist/ has no build: run `npm run build` first');
  const headersFile = path.join(root, '_headers');
  let rules: HeaderRule[] = [];
  if (existsSync(headersFile)) {
    rules = parseHeadersFile(readFileSync(headersFile, 'utf8'));
    const configFile = path.join(root, 'config.json');
    const mismatch = existsSync(configFile) ? configMismatch(headersFor(rules, '/'), JSON.parse(readFileSync(configFile, 'utf8')) as object) : undefined;
    if (mismatch) throw new Error(`${root}: ${mismatch}`);
  } else {
    (options.warn ?? console.warn)(`${root} has no _headers: served without security headers (rebuild to get them)`);
  }

  /** The file a path names, if it is a file of dist/ that is served (not `_headers`, not `/`). */
  const fileOf = (pathname: string): string | undefined => {
    if (pathname === '/' || pathname === '/_headers') return undefined;
    const file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root + path.sep)) return undefined;
    return existsSync(file) && statSync(file).isFile() ? file : undefined;
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad request');
      return;
    }
    // A page prerendered for its path (dist/order.html at /order: scripts/prerender.ts), as static
    // hosts serve `order.html` for `/order`; every other path gets index.html.
    const file = fileOf(pathname) ?? (pathname.endsWith('/') ? undefined : fileOf(`${pathname}.html`)) ?? path.join(root, 'index.html');
    const { 'Cache-Control': cacheControl, ...security } = headersFor(rules, pathname);
    const nextVersion = pathname === '/sw.js' ? nextWorkerVersion(req.headers.cookie) : undefined;
    if (nextVersion !== undefined) {
      // A new deployment, as the browser of this one customer sees it (the browser tests of the update prompt).
      const body = `${readFileSync(file, 'utf8')}\n// ${nextWorkerVersionCookie} ${nextVersion}\n`;
      res.writeHead(200, {
        ...security,
        'Content-Type': types['.js']!,
        'Cache-Control': defaultCacheControl,
        'Content-Length': String(Buffer.byteLength(body)),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const stats = statSync(file);
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const available = siblings.filter(({ extension }) => {
      const sibling = file + extension;
      return existsSync(sibling) && statSync(sibling).mtimeMs >= stats.mtimeMs;
    });
    const chosen = available.find(({ encoding }) => accepted.has(encoding));
    const served = chosen ? file + chosen.extension : file;
    const servedStats = chosen ? statSync(served) : stats;
    const etag = `"${servedStats.size.toString(36)}-${Math.floor(servedStats.mtimeMs).toString(36)}${chosen ? `-${chosen.encoding}` : ''}"`;
    const headers: Record<string, string> = {
      ...security,
      'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': cacheControl ?? defaultCacheControl,
      ETag: etag,
      ...(available.length > 0 ? { Vary: 'Accept-Encoding' } : {}),
      ...(chosen ? { 'Content-Encoding': chosen.encoding } : {}),
    };
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': String(servedStats.size) });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(served));
  };
}
