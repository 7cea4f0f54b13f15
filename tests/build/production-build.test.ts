// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { generatedFiles, headerRules } from '../../deploy/headers';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { nextWorkerVersionCookie } from '#sandbox/dist-server';
import { demoPassword, demoUsers } from '#sandbox/seed/users';
import { configFromEnv } from '#sandbox/config';
import { built, dist } from './built';

/**
 * A production deployment (docs/deploy.md): the build carries nothing of the sandbox a customer
 * could use or see (its test hooks, its accounts, its password or secret, the dist server's
 * stand-in for a new version), and the documented production config.json (deploy/production/)
 * is valid and names no sandbox. bundle.test.ts checks the scripts for development code.
 */

const root = path.resolve(import.meta.dirname, '../..');

/** Every file of the build but the compressed siblings (their text is their file's). */
function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return files(file);
    return /\.(br|gz)$/.test(entry.name) ? [] : [file];
  });
}

const sandboxTraces = [
  ...['customers', 'outbox', 'faults', 'reset'].map((hook) => `__sandbox/${hook}`),
  ...demoUsers.map((user) => user.email),
  demoPassword,
  configFromEnv({}).secret,
  nextWorkerVersionCookie,
  'createTestCustomer',
];

describe.runIf(built)('the production build', () => {
  const texts = built ? files(dist).map((file) => ({ file, text: readFileSync(file, 'latin1') })) : [];
  it.each(sandboxTraces)('contains no %s in any file (scripts, pages, worker, source maps, config)', (trace) => {
    const containing = texts.filter(({ text }) => text.includes(trace)).map(({ file }) => file);
    expect(containing.map((file) => path.relative(dist, file))).toEqual([]);
  });
});

describe('the production config.json (deploy/production/config.json)', () => {
  const text = readFileSync(path.join(root, 'deploy/production/config.json'), 'utf8');
  const parsed = parseRuntimeConfig(JSON.parse(text));

  it('is valid, with the API and the sign-in on the portal’s origin', () => {
    expect(parsed).toMatchObject({ ok: true });
    if (!parsed.ok) return;
    expect(parsed.config.apiBaseUrl).toBe('/');
    for (const endpoint of [parsed.config.oauth.tokenPath, parsed.config.oauth.logoutPath]) expect(endpoint).toMatch(/^\/api\//);
  });

  it('names no sandbox: no sandbox page, no test account, the payment frame at the provider’s https origin', () => {
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    expect(text).not.toMatch(/sandbox|localhost|127\.0\.0\.1/);
    for (const user of demoUsers) expect(text).not.toContain(user.email);
    expect(parsed.config.paymentFrameOrigins.length).toBeGreaterThan(0);
    for (const origin of parsed.config.paymentFrameOrigins) expect(origin).toMatch(/^https:\/\//);
  });

  it('gets its own frame-src from the header source, not the sandbox’s', () => {
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const policy = Object.fromEntries(headerRules(parsed.config)[0]!.headers)['Content-Security-Policy'];
    expect(policy).toContain(`frame-src ${parsed.config.paymentFrameOrigins.join(' ')};`);
    expect(generatedFiles(parsed.config)['deploy/nginx/security-headers.conf']).not.toContain("frame-src 'self'");
  });
});
