/**
 * The portal's HTTP response headers, from one source (docs/decisions/0027-deploy-behind-nginx.md):
 * the security headers of every path (decision 21) and the cache lifetime of the hashed assets
 * (issue 14). Two files are written from here, and checked in:
 * - `public/_headers`, the Netlify / Cloudflare Pages format, which Vite copies into dist/ and the
 *   dist server (`npm run start:dist`, sandbox/dist-server.ts) applies;
 * - `deploy/nginx/security-headers.conf` and `deploy/nginx/assets-headers.conf`, `add_header` lines
 *   the nginx configuration (deploy/nginx/portal.conf.template) includes.
 * tests/deploy/headers.test.ts fails while a checked-in file is not what this module writes.
 *
 * Change a header here, then run `npx tsx deploy/headers.ts`. A deployment whose config.json
 * names other payment-frame origins than public/config.json writes its own nginx include from its
 * config: `npx tsx deploy/headers.ts --config <its config.json> --nginx-out <folder>` (docs/deploy.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { prerenderGuard } from '../src/start-up/prerender-guard';

/** What of config.json the headers follow: the payment frame's allow-list and the logos' origins. */
export interface HeaderConfig {
  paymentFrameOrigins: readonly string[];
  siteContent?: { headerLogo?: { src: string }; footerLogos?: readonly { src: string }[] };
}

/** One block of a `_headers` file: a path pattern and its headers, in order. */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

/**
 * The stylesheets react-aria inserts itself (usePress: touch-action of pressable elements;
 * usePreventScroll on iOS: overscroll-behavior), allowed by their hashes; tests/sandbox/security-headers.test.ts
 * computes them from node_modules/react-aria and fails when an update changes them.
 */
export const reactAriaStyleHashes = ["'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='", "'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='"];

/** The one inline script of the prerendered pages (src/start-up/prerender-guard.ts, decision 23), by its hash. */
export const prerenderGuardHash = `'sha256-${createHash('sha256').update(prerenderGuard, 'utf8').digest('base64')}'`;

/** A year, never revalidated: the files under /assets/ are named by a hash of their content. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/** Every path that is not a hashed asset (HTML, /sw.js, the manifest, config.json, logos): revalidated on every use. */
export const revalidateCacheControl = 'no-cache';

const originOf = (urlOrPath: string): string[] => (/^https?:\/\//.test(urlOrPath) ? [new URL(urlOrPath).origin] : []);

/** The headers of every path of the portal, for a config.json. */
export function securityHeaders(config: HeaderConfig): [name: string, value: string][] {
  const logoOrigins = [config.siteContent?.headerLogo?.src ?? '/', ...(config.siteContent?.footerLogos ?? []).map((logo) => logo.src)].flatMap(originOf);
  const frameSources = config.paymentFrameOrigins.map((entry) => (entry === 'self' ? "'self'" : entry));
  const policy: [directive: string, sources: string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", prerenderGuardHash]],
    ['style-src', ["'self'", ...reactAriaStyleHashes]],
    ['img-src', ["'self'", ...new Set(logoOrigins)]],
    ['font-src', ["'self'"]],
    // The API and the authorization server share the portal's origin (decision 27).
    ['connect-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['frame-src', frameSources.length > 0 ? frameSources : ["'none'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return [
    ['Content-Security-Policy', policy.map(([directive, sources]) => `${directive} ${sources.join(' ')}`).join('; ')],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
}

/** The rules of `_headers`: the security headers on every path, the year's cache on /assets/. */
export function headerRules(config: HeaderConfig): HeaderRule[] {
  return [
    { pattern: '/*', headers: securityHeaders(config) },
    { pattern: '/assets/*', headers: [['Cache-Control', immutableCacheControl]] },
  ];
}

const generatedNote =
  'Written by deploy/headers.ts (the one source of the portal headers, decision 27): do not edit; change\n# deploy/headers.ts and run `npx tsx deploy/headers.ts`. tests/deploy/headers.test.ts checks it.';

/** The `_headers` file of the rules. */
export function renderHeadersFile(rules: HeaderRule[]): string {
  const comment = `# The portal's HTTP headers (decisions 21 and 27) in the _headers format of Netlify and Cloudflare
# Pages. Vite copies this file into dist/; a static host or CDN applies it, and \`npm run start:dist\`
# serves the very same (sandbox/dist-server.ts). The nginx configuration (deploy/nginx/) includes the
# same headers from deploy/nginx/security-headers.conf and assets-headers.conf.
# ${generatedNote}
#
# Content-Security-Policy: only the build's own scripts and styles (one inline script, the prerendered
# pages' guard, and react-aria's two inserted stylesheets, by their hashes); frame-src is the payment
# frame's allow-list of config.json (\`paymentFrameOrigins\`); the API shares the portal's origin.
# /assets/ files are named by a hash of their content: a year, immutable. Every other path is left at
# the host's default, which revalidates (Netlify and Cloudflare Pages: max-age=0, must-revalidate;
# the dist server and nginx: no-cache). No Cache-Control under /* on purpose: Cloudflare Pages joins
# the values of every rule that matches a path. Both hosts compress themselves and ignore the build's
# .br and .gz siblings, which the dist server and nginx send (tools/vite/precompress.ts).
`;
  const blocks = rules.map((rule) => [rule.pattern, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n'));
  return `${comment}${blocks.join('\n')}\n`;
}

/** `add_header` lines for nginx, `always` so that error answers carry them too. */
export function renderNginxHeaders(headers: [name: string, value: string][], about: string): string {
  const lines = headers.map(([name, value]) => {
    if (/["\\$\n]/.test(value)) throw new Error(`${name}: a value with a quote, backslash, $ or line break cannot be written for nginx`);
    return `add_header ${name} "${value}" always;`;
  });
  return `# ${about}\n# ${generatedNote}\n${lines.join('\n')}\n`;
}

/** Every file written from the source, by its path in the repository, for a config.json. */
export function generatedFiles(config: HeaderConfig): Record<string, string> {
  const rules = headerRules(config);
  const [all, assets] = rules;
  return {
    'public/_headers': renderHeadersFile(rules),
    'deploy/nginx/security-headers.conf': renderNginxHeaders(all!.headers, 'The security headers of every portal path (the /* rule of public/_headers).'),
    'deploy/nginx/assets-headers.conf': renderNginxHeaders(
      assets!.headers,
      'What /assets/ adds (the /assets/* rule of public/_headers); included beside security-headers.conf.',
    ),
  };
}

export const repositoryRoot = path.resolve(import.meta.dirname, '..');

/** The configuration the checked-in files follow: the sandbox's (public/config.json). */
export function shippedConfig(): HeaderConfig {
  return JSON.parse(readFileSync(path.join(repositoryRoot, 'public/config.json'), 'utf8')) as HeaderConfig;
}

function main(argv: string[]): void {
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const configFile = option('--config');
  const nginxOut = option('--nginx-out');
  const config = configFile ? (JSON.parse(readFileSync(configFile, 'utf8')) as HeaderConfig) : shippedConfig();
  for (const [file, text] of Object.entries(generatedFiles(config))) {
    if (nginxOut) {
      if (!file.startsWith('deploy/nginx/')) continue;
      writeFileSync(path.join(nginxOut, path.basename(file)), text);
      console.log(`wrote ${path.join(nginxOut, path.basename(file))}`);
    } else {
      writeFileSync(path.join(repositoryRoot, file), text);
      console.log(`wrote ${file}`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
