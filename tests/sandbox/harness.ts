import type { Document, OpenAPIBackend } from 'openapi-backend';

import { createSandbox, type Sandbox } from '#sandbox/app';
import { type SandboxConfig, testConfig } from '#sandbox/config';
import { createContractBackend, loadContract } from '#sandbox/contract';
import { one } from '#sandbox/db/database';
import { createSession, setSessionCookies } from '#sandbox/session';

/**
 * Test harness for the sandbox: an in-memory sandbox with its seeded world, and a client with a
 * cookie jar that behaves like the portal in a browser (sends cookies, echoes the CSRF cookie in
 * the CSRF header) and checks every answer of the API against the contract.
 */

interface StoredCookie {
  value: string;
  path: string;
}

export interface CallOptions {
  json?: unknown;
  form?: Record<string, string | boolean | number>;
  /** A body sent as it is, with the Content-Type of `headers` (or none): malformed, repeated or oversized bodies. */
  raw?: string;
  headers?: Record<string, string>;
  /** Leave out the CSRF header (to test the refusal). */
  csrf?: boolean;
  /** Do not check the answer against the contract (to test the sandbox's own pages). */
  unchecked?: boolean;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
  operationId: string | undefined;
}

let contractBackend: Promise<OpenAPIBackend> | undefined;
function contract(): Promise<OpenAPIBackend> {
  contractBackend ??= createContractBackend().init();
  return contractBackend;
}

/** Operation ids whose answers were checked against the contract, for the coverage count. */
export const exercisedOperations = new Set<string>();

export class TestClient {
  readonly jar = new Map<string, StoredCookie>();

  constructor(readonly sandbox: Sandbox) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const url = new URL(path, this.sandbox.config.portalOrigin);
    const headers = new Headers(options.headers);
    const cookieHeader = [...this.jar.entries()]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
    if (cookieHeader) headers.set('Cookie', cookieHeader);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    const csrf = this.cookie('XSRF-TOKEN');
    if (options.csrf !== false && csrf && !['GET', 'HEAD'].includes(method)) headers.set('X-XSRF-TOKEN', csrf);
    let body: string | undefined;
    if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(Object.entries(options.form).map(([k, v]) => [k, String(v)])).toString();
    } else if (options.raw !== undefined) {
      body = options.raw;
    }
    const response = await this.sandbox.app.request(url.pathname + url.search, { method, headers, ...(body !== undefined ? { body } : {}) });
    this.storeCookies(response.headers);
    const text = await response.text();
    const type = response.headers.get('Content-Type') ?? '';
    const parsed = type.includes('json') && text ? (JSON.parse(text) as unknown) : text;
    const operationId = options.unchecked ? undefined : await this.checkAgainstContract(method, url, response.status, type, parsed);
    return { status: response.status, headers: response.headers, body: parsed, text, operationId };
  }

  /**
   * A `fetch` over the in-process sandbox for the portal's own API client (component tests): sends
   * the jar's cookies, keeps the cookies it gets, and checks the answer against the contract. The
   * client's own middleware sets the CSRF header (give it `readCookies: () => client.cookieHeader()`).
   */
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    const cookieHeader = this.cookieHeader(url.pathname);
    if (cookieHeader) headers.set('Cookie', cookieHeader);
    const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.text();
    const response = await this.sandbox.app.request(url.pathname + url.search, { method: request.method, headers, ...(body ? { body } : {}) });
    this.storeCookies(response.headers);
    const type = response.headers.get('Content-Type') ?? '';
    if (type.includes('json')) {
      const text = await response.clone().text();
      await this.checkAgainstContract(request.method, url, response.status, type, text ? (JSON.parse(text) as unknown) : text);
    }
    return response;
  }

  /** The jar as a `Cookie` header (for `path`), and what `document.cookie` would read. */
  cookieHeader(path = '/'): string {
    return [...this.jar.entries()]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  get(path: string, options?: CallOptions) {
    return this.call('GET', path, options);
  }
  post(path: string, options?: CallOptions) {
    return this.call('POST', path, options);
  }
  put(path: string, options?: CallOptions) {
    return this.call('PUT', path, options);
  }
  delete(path: string, options?: CallOptions) {
    return this.call('DELETE', path, options);
  }

  /** A fresh anonymous visit: the first answer hands out the CSRF cookie. */
  async visit(): Promise<void> {
    await this.get('/api/v1/order/countries');
  }

  /**
   * Signs in by opening a session directly, for tests whose subject is not the sign-in itself
   * (tests/sandbox/oauth.test.ts drives the real authorization-code flow).
   */
  async signInAs(email: string): Promise<string> {
    const user = await one<{ id: string }>(this.sandbox.db, 'SELECT id FROM users WHERE email = ?', [email]);
    if (!user) throw new Error(`no user ${email}`);
    const issued = await createSession(this.sandbox.db, this.sandbox.config, user.id, 'openid profile email offline_access');
    // Set the cookies exactly as the token endpoint would.
    const { Hono } = await import('hono');
    const app = new Hono();
    app.get('/', (c) => {
      setSessionCookies(c, this.sandbox.config, issued);
      return c.body(null, 204);
    });
    this.storeCookies((await app.request('/')).headers);
    return user.id;
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      const path =
        attributes
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith('path='))
          ?.slice(5) ?? '/';
      const maxAge = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('max-age='));
      const expired = (maxAge && Number(maxAge.slice(8)) <= 0) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, { value, path });
    }
  }

  /** Fails the test when an API answer is not what the contract says for that operation and status. */
  private async checkAgainstContract(method: string, url: URL, status: number, type: string, body: unknown): Promise<string | undefined> {
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/account/')) return undefined;
    const api = await contract();
    const operation = api.matchOperation({ method, path: url.pathname, headers: {} });
    if (!operation?.operationId) return undefined;
    const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
    const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!declared) throw new Error(`${operation.operationId} answered ${status}, which the contract does not list`);
    const mediaTypes = Object.keys(declared.content ?? {});
    if (mediaTypes.length > 0 && status !== 204) {
      const mediaType = type.split(';')[0]!.trim();
      if (!mediaTypes.includes(mediaType))
        throw new Error(`${operation.operationId} answered ${status} as ${mediaType}; the contract says ${mediaTypes.join(', ')}`);
      if (mediaType.includes('json')) {
        const result = api.validateResponse(body, operation, status);
        if (!result.valid) throw new Error(`${operation.operationId} ${status} breaks the contract: ${JSON.stringify(result.errors)}\n${JSON.stringify(body)}`);
      }
    }
    exercisedOperations.add(operation.operationId);
    return operation.operationId;
  }
}

/** The contract parsed once per test process (40 ms a parse; a Vitest run makes over a hundred sandboxes). */
let parsedContract: Document | undefined;

export async function createTestSandbox(
  overrides: Partial<SandboxConfig> = {},
): Promise<{ sandbox: Sandbox; client: TestClient; newClient: () => TestClient }> {
  parsedContract ??= loadContract();
  const sandbox = await createSandbox(testConfig(overrides), { contract: structuredClone(parsedContract) });
  return { sandbox, client: new TestClient(sandbox), newClient: () => new TestClient(sandbox) };
}

/** The scenario modules of tests/sandbox/scenarios/ export lists of these. */
export interface Scenario {
  name: string;
  run: (context: { sandbox: Sandbox; client: TestClient; newClient: () => TestClient }) => Promise<void>;
}
