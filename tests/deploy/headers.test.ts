// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { generatedFiles, headerRules, renderNginxHeaders, repositoryRoot, shippedConfig } from '../../deploy/headers';
import { renderConfiguration, settingsProblems, substitute, writeConfiguration, type NginxSettings } from '../../deploy/nginx/render';
import { defaultCacheControl, headersFor, parseHeadersFile } from '#sandbox/dist-server';

/**
 * The portal's headers come from one source, deploy/headers.ts (decision 27): public/_headers (the
 * static hosts' and the dist server's) and the nginx includes are what it writes, and the nginx
 * configuration sends exactly those headers where _headers says. A hand edit of either file, or an
 * nginx location that forgets them, fails here. The served answers: e2e/nginx/headers.spec.ts.
 */

const read = (file: string) => readFileSync(path.join(repositoryRoot, file), 'utf8');

/** The headers an nginx include adds: its `add_header Name "value" always;` lines. */
function nginxHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const match = /^add_header ([\w-]+) "([^"]*)" always;$/.exec(line.trim());
    if (!match) throw new Error(`not an add_header line: ${line}`);
    headers[match[1]!] = match[2]!;
  }
  return headers;
}

/** The `location` blocks of a server block: each location's text, by its match. */
function locations(conf: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of conf.matchAll(/^\s*location ([^{]+)\{([^}]*)\}/gm)) blocks.set(match[1]!.trim(), match[2]!);
  return blocks;
}

const settings: NginxSettings = {
  listen: '127.0.0.1:8080',
  serverName: 'localhost',
  root: '/srv/portal/dist',
  apiUrl: 'http://127.0.0.1:5173',
  sandbox: false,
  standalone: false,
  brotliModule: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
};

describe('one source for the portal headers (deploy/headers.ts)', () => {
  it.each(Object.entries(generatedFiles(shippedConfig())))('%s is what the source writes (else: npx tsx deploy/headers.ts)', (file, text) => {
    expect(read(file)).toBe(text);
  });

  it('the nginx includes carry exactly the headers of _headers: every path’s, and what /assets/ adds', () => {
    const rules = parseHeadersFile(read('public/_headers'));
    const everyPath = headersFor(rules, '/');
    const asset = headersFor(rules, '/assets/index-abc123.js');
    expect(nginxHeaders(read('deploy/nginx/security-headers.conf'))).toEqual(everyPath);
    expect({ ...everyPath, ...nginxHeaders(read('deploy/nginx/assets-headers.conf')) }).toEqual(asset);
    expect(asset['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(everyPath['Cache-Control']).toBeUndefined();
  });

  it('follows config.json: another payment provider is framed, and logos from elsewhere may load', () => {
    const [all] = headerRules({
      paymentFrameOrigins: ['https://pay.example.com'],
      siteContent: { headerLogo: { src: 'https://cdn.example.com/logo.svg' }, footerLogos: [] },
    });
    const policy = Object.fromEntries(all!.headers)['Content-Security-Policy'];
    expect(policy).toContain('frame-src https://pay.example.com;');
    expect(policy).toContain("img-src 'self' https://cdn.example.com;");
    expect(policy).toContain("connect-src 'self';");
  });

  it('refuses a value nginx would read differently', () => {
    expect(() => renderNginxHeaders([['X-Test', 'a "quoted" $value']], 'test')).toThrow(/cannot be written/);
  });
});

describe('the nginx configuration (deploy/nginx/)', () => {
  const conf = renderConfiguration(settings, '/tmp/portal-nginx')['portal/portal.conf']!;
  const blocks = locations(conf);

  it('sends the headers from the includes on every file it serves, and no add_header of its own but the revalidation', () => {
    expect([...blocks.keys()].sort()).toEqual(['/', '/__sandbox/', '/account/', '/api/', '/assets/', '= /_headers'].sort());
    expect(blocks.get('/')).toContain('include portal/security-headers.conf;');
    expect(blocks.get('/')).toContain(`add_header Cache-Control "${defaultCacheControl}" always;`);
    expect(blocks.get('/assets/')).toContain('include portal/security-headers.conf;');
    expect(blocks.get('/assets/')).toContain('include portal/assets-headers.conf;');
    const ownHeaders = [...conf.matchAll(/add_header ([\w-]+)/g)].map((match) => match[1]);
    expect(ownHeaders).toEqual(['Cache-Control']);
    // nginx drops the server's add_header in a location that has its own: none at server level.
    expect(conf.replace(/location [^{]+\{[^}]*\}/g, '')).not.toMatch(/add_header|include portal\/\w+-headers/);
  });

  it('maps paths as the dist server does: the file, the prerendered page, else index.html; precompressed siblings', () => {
    expect(blocks.get('/')).toContain('try_files $uri $uri.html /index.html;');
    expect(blocks.get('/assets/')).toContain('try_files $uri =404;');
    expect(conf).toMatch(/brotli_static on;\s+gzip_static on;\s+gzip_vary on;\s+gzip off;/);
  });

  it('proxies the API’s paths to PORTAL_API_URL, the sandbox’s pages only with --sandbox, never its test hooks', () => {
    expect(blocks.get('/api/')).toContain('proxy_pass http://127.0.0.1:5173;');
    expect(blocks.get('/account/')).toContain('proxy_pass http://127.0.0.1:5173;');
    expect(blocks.get('/__sandbox/')).toContain('return 404;');
    expect(conf).not.toContain('include portal/sandbox.conf');
    const withSandbox = renderConfiguration({ ...settings, sandbox: true }, '/tmp/portal-nginx');
    expect(withSandbox['portal/portal.conf']).toContain('include portal/sandbox.conf;');
    const sandboxBlocks = locations(withSandbox['portal/sandbox.conf']!);
    expect([...sandboxBlocks.keys()]).toEqual(['= /sandbox/sign-in', '/sandbox/pay/']);
  });

  it('substitutes its own ${NAME}s only, and refuses settings that make no working configuration', () => {
    expect(substitute('root ${PORTAL_ROOT}; try_files $uri ${other};', { PORTAL_ROOT: '/srv' })).toBe('root /srv; try_files $uri ${other};');
    expect(() => substitute('listen ${PORTAL_LISTEN};', {})).toThrow('PORTAL_LISTEN');
    expect(settingsProblems(settings)).toEqual([]);
    expect(settingsProblems({ ...settings, root: 'dist', apiUrl: 'http://api.internal:8080/api' })).toEqual([
      expect.stringContaining('PORTAL_ROOT'),
      expect.stringContaining('PORTAL_API_URL'),
    ]);
  });

  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
  it.runIf(nginx)('is accepted by nginx (`nginx -t`), with the sandbox and as a standalone foreground server', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-test-'));
    try {
      writeConfiguration({ ...settings, root: repositoryRoot, sandbox: true, standalone: true }, out);
      const checked = execFileSync(nginx!, ['-t', '-p', `${out}/`, '-c', 'nginx.conf', '-e', 'stderr'], { encoding: 'utf8', stdio: 'pipe' });
      expect(checked).toBe('');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
