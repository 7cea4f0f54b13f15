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
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * Serves dist/: files as they are, every other path gets index.html (the SPA decides). `_headers`
 * itself is not served (a static host does not either). A build without `_headers` (from before
 * decision 21) is served without security headers, with a warning; a `_headers` whose frame-src
 * disagrees with config.json is refused.
 */
export function distListener(dist: string, options: { warn?: (message: string) => void } = {}) {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ has no build: run `npm run build` first');
  const headersFile = path.join(dist, '_headers');
  let rules: HeaderRule[] = [];
  if (existsSync(headersFile)) {
    rules = parseHeadersFile(readFileSync(headersFile, 'utf8'));
    const configFile = path.join(dist, 'config.json');
    const mismatch = existsSync(configFile) ? configMismatch(headersFor(rules, '/'), JSON.parse(readFileSync(configFile, 'utf8')) as object) : undefined;
    if (mismatch) throw new Error(`${dist}: ${mismatch}`);
  } else {
    (options.warn ?? console.warn)(`${dist} has no _headers: served without security headers (rebuild to get them)`);
  }
  const index = readFileSync(path.join(dist, 'index.html'));
  return (req: IncomingMessage, res: ServerResponse) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dist, path.normalize(pathname));
    const security = headersFor(rules, pathname);
    if (file.startsWith(dist) && pathname !== '/' && pathname !== '/_headers' && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, {
        ...security,
        'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
        'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      res.end(readFileSync(file));
      return;
    }
    res.writeHead(200, { ...security, 'Content-Type': types['.html'], 'Cache-Control': 'no-cache' });
    res.end(index);
  };
}
