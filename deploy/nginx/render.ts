/**
 * Renders the nginx configuration of deploy/nginx/ for one environment (docs/deploy.md, decision 27):
 * `npx tsx deploy/nginx/render.ts --out <folder> [--sandbox] [--standalone]`, the settings from the
 * environment (PORTAL_LISTEN, PORTAL_SERVER_NAME, PORTAL_ROOT, PORTAL_API_URL). Writes
 * `<folder>/portal/` (portal.conf and its includes), the same files an operator copies to
 * /etc/nginx/portal/; `--sandbox` adds the sandbox's pages (sandbox.conf.template), `--standalone`
 * also `<folder>/nginx.conf`, a main configuration for an ordinary user's foreground nginx
 * (`nginx -p <folder>/ -c nginx.conf -e stderr`, what the browser tests' `nginx` project runs).
 *
 * The substitution is envsubst's (`${NAME}` of the names below, nothing else), so the templates
 * also render with `envsubst` or the official nginx image's /etc/nginx/templates.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = import.meta.dirname;

export interface NginxSettings {
  /** `listen` parameters: a port, `address:port`, `443 ssl`. */
  listen: string;
  serverName: string;
  /** The build folder, absolute. */
  root: string;
  /** The API's address as nginx reaches it: scheme, host and port, no path. */
  apiUrl: string;
  /** The sandbox's pages as well (tests, demos). */
  sandbox: boolean;
  /** A main configuration for a foreground nginx of an ordinary user under the output folder. */
  standalone: boolean;
  /** The brotli static module's file (standalone only). */
  brotliModule: string;
}

/** The template names substituted, and nothing else (nginx's own `$uri` and the like stay). */
export const templateNames = ['PORTAL_LISTEN', 'PORTAL_SERVER_NAME', 'PORTAL_ROOT', 'PORTAL_API_URL', 'PORTAL_NGINX_PREFIX', 'PORTAL_BROTLI_MODULE'] as const;

/** Why settings cannot make a working configuration, if they cannot. */
export function settingsProblems(settings: NginxSettings): string[] {
  const problems: string[] = [];
  if (!/^[\w.:[\]]+( [\w ]+)?$/.test(settings.listen))
    problems.push(`PORTAL_LISTEN: "${settings.listen}" is not a listen address such as 8080, 127.0.0.1:8080 or "443 ssl"`);
  if (!/^[\w.*-]+( [\w.*-]+)*$/.test(settings.serverName)) problems.push(`PORTAL_SERVER_NAME: "${settings.serverName}" is not a host name`);
  if (!path.isAbsolute(settings.root) || /[\s;{}"']/.test(settings.root))
    problems.push(`PORTAL_ROOT: "${settings.root}" must be an absolute path without spaces or quotes`);
  let api: URL | undefined;
  try {
    api = new URL(settings.apiUrl);
  } catch {
    api = undefined;
  }
  if (!api || !/^https?:$/.test(api.protocol) || settings.apiUrl.replace(/\/$/, '') !== api.origin) {
    problems.push(`PORTAL_API_URL: "${settings.apiUrl}" must be an http(s) address without a path, e.g. http://api.internal:8080`);
  }
  return problems;
}

/** A template with its `${NAME}`s replaced; a name without a value is an error. */
export function substitute(template: string, values: Partial<Record<(typeof templateNames)[number], string>>): string {
  return template.replace(/\$\{(\w+)\}/g, (whole, name: string) => {
    if (!(templateNames as readonly string[]).includes(name)) return whole;
    const value = values[name as (typeof templateNames)[number]];
    if (value === undefined) throw new Error(`no value for \${${name}}`);
    return value;
  });
}

/** The files of the rendered configuration, by their path under the output folder. */
export function renderConfiguration(settings: NginxSettings, prefix: string): Record<string, string> {
  const problems = settingsProblems(settings);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const values = {
    PORTAL_LISTEN: settings.listen,
    PORTAL_SERVER_NAME: settings.serverName,
    PORTAL_ROOT: settings.root,
    PORTAL_API_URL: settings.apiUrl.replace(/\/$/, ''),
    PORTAL_NGINX_PREFIX: prefix,
    PORTAL_BROTLI_MODULE: settings.brotliModule,
  };
  const read = (name: string) => readFileSync(path.join(here, name), 'utf8');
  let portal = substitute(read('portal.conf.template'), values);
  if (settings.sandbox) {
    portal = portal.replace(/^(\s*)# @sandbox:.*$/m, '$1include portal/sandbox.conf;');
  }
  const files: Record<string, string> = {
    'portal/portal.conf': portal,
    'portal/proxy.conf': read('proxy.conf'),
    'portal/security-headers.conf': read('security-headers.conf'),
    'portal/assets-headers.conf': read('assets-headers.conf'),
  };
  if (settings.sandbox) files['portal/sandbox.conf'] = substitute(read('sandbox.conf.template'), values);
  if (settings.standalone) files['nginx.conf'] = substitute(read('standalone.conf.template'), values);
  return files;
}

/** Settings from the environment, with the defaults of a local try. */
export function settingsFromEnv(env: NodeJS.ProcessEnv, flags: { sandbox: boolean; standalone: boolean }): NginxSettings {
  return {
    listen: env.PORTAL_LISTEN ?? '127.0.0.1:8080',
    serverName: env.PORTAL_SERVER_NAME ?? 'localhost',
    root: path.resolve(env.PORTAL_ROOT ?? path.join(here, '../../dist')),
    apiUrl: env.PORTAL_API_URL ?? 'http://127.0.0.1:5173',
    brotliModule: env.PORTAL_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
    ...flags,
  };
}

/** Writes the rendered configuration under `out` (and nginx's temp folders when standalone). */
export function writeConfiguration(settings: NginxSettings, out: string): void {
  const prefix = path.resolve(out);
  for (const [file, text] of Object.entries(renderConfiguration(settings, prefix))) {
    mkdirSync(path.dirname(path.join(prefix, file)), { recursive: true });
    writeFileSync(path.join(prefix, file), text);
  }
  if (settings.standalone) mkdirSync(path.join(prefix, 'temp'), { recursive: true });
}

function main(argv: string[]): void {
  const out = argv[argv.indexOf('--out') + 1];
  if (!argv.includes('--out') || !out) {
    console.error('usage: npx tsx deploy/nginx/render.ts --out <folder> [--sandbox] [--standalone]');
    process.exit(2);
  }
  const settings = settingsFromEnv(process.env, { sandbox: argv.includes('--sandbox'), standalone: argv.includes('--standalone') });
  try {
    writeConfiguration(settings, out);
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    process.exit(1);
  }
  console.log(`nginx configuration for ${settings.root} → ${settings.apiUrl} written to ${path.resolve(out)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
