/**
 * The sandbox's settings, from the environment. Every value has a default that works for
 * `npm start` on a fresh machine.
 */
export interface SandboxConfig {
  /** libSQL URL of the database: a file under .sandbox/ by default, `:memory:` in tests. */
  databaseUrl: string;
  /** Lifetime of an access token; short values let tests reach the refresh window. */
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Lifetime of an authorization code (at most 60 s). */
  codeTtlSeconds: number;
  /** Signs CSRF tokens and hashes tokens at rest. */
  secret: string;
  /** The origin the portal is served from: redirect URIs and mail links point here. */
  portalOrigin: string;
  /** `Secure` on cookies. Chromium accepts Secure cookies on http://localhost and 127.0.0.1. */
  secureCookies: boolean;
  /** The OAuth public client of the portal. */
  clientId: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const port = Number(env.PORT ?? 5173);
  const portalOrigin = env.SANDBOX_PORTAL_ORIGIN ?? `http://localhost:${port}`;
  return {
    databaseUrl: env.SANDBOX_DATABASE_URL ?? 'file:.sandbox/sandbox.db',
    accessTtlSeconds: Number(env.SANDBOX_ACCESS_TTL_S ?? 900),
    refreshTtlSeconds: Number(env.SANDBOX_REFRESH_TTL_S ?? 30 * 24 * 3600),
    codeTtlSeconds: Math.min(Number(env.SANDBOX_CODE_TTL_S ?? 60), 60),
    secret: env.SANDBOX_SECRET ?? 'sandbox-secret-not-for-production',
    portalOrigin,
    secureCookies: env.SANDBOX_SECURE_COOKIES !== 'false',
    clientId: 'portal-web',
  };
}

export function testConfig(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return {
    ...configFromEnv({}),
    databaseUrl: ':memory:',
    portalOrigin: 'http://localhost:5173',
    ...overrides,
  };
}
