// @vitest-environment node
import { randomUUID } from 'node:crypto';

import { loadContract } from '#sandbox/contract';
import { maxBodyBytes } from '#sandbox/http';
import { demoPassword } from '#sandbox/seed/users';
import { createTestSandbox, type CallResult, type TestClient } from './harness';
import { authorizeUrl, formFields, pkce, tokenPath } from './scenarios/auth';

/**
 * Issue 13, item 14: content types and sizes. A body of a media type the operation does not take is
 * refused with 415, one above the limit with 413, a form that repeats a field with 400, and every
 * email field takes at most 254 characters (decision 20).
 */

const { sandbox, newClient } = await createTestSandbox();

async function visited(): Promise<TestClient> {
  const client = newClient();
  await client.visit();
  return client;
}

interface ProblemBody {
  code?: string;
  detail?: string;
  errors?: { field: string; code: string }[];
}
const problemOf = (result: CallResult) => result.body as ProblemBody;

const checkEmailPath = '/api/v2/auth/register/check-email';
const registerPath = '/api/v2/auth/register';
const registerForm = {
  username: `new-${randomUUID()}@example.org`,
  password: 'Sicher-Neu-2026!',
  client_id: 'portal-web',
  grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in',
  has_agreed_to_privacy_policy: 'true',
  has_agreed_to_newsletter: 'false',
};

describe('email addresses are at most 254 characters', () => {
  it('an email address: invalidEmail when it is none, emailTooLong above 254 characters (a 10,000-character one included)', async () => {
    const client = await visited();
    const noAddress = await client.post(checkEmailPath, { json: { email: 'no-address' } });
    expect(problemOf(noAddress)).toMatchObject({ code: 'validationFailed', errors: [{ field: 'email', code: 'invalidEmail' }] });
    for (const email of [`${'a'.repeat(64)}@${'b'.repeat(187)}.de`, `${'a'.repeat(9_990)}@example.org`]) {
      expect(email.length).toBeGreaterThan(254);
      const result = await client.post(checkEmailPath, { json: { email } });
      expect(result.status).toBe(400);
      expect(problemOf(result).errors).toEqual([{ field: 'email', code: 'emailTooLong' }]);
    }
    const longest = `${'a'.repeat(64)}@${'b'.repeat(186)}.de`;
    expect(longest).toHaveLength(254);
    expect((await client.post(checkEmailPath, { json: { email: longest } })).status).toBe(200);
  });

  it('every email field of the contract takes at most 254 characters', () => {
    const missing: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${at}/${index}`));
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      if (schema.format === 'email' && schema.maxLength !== 254) missing.push(at);
      for (const [name, child] of Object.entries(schema)) walk(child, `${at}/${name}`);
    };
    walk(loadContract(), '#');
    expect(missing).toEqual([]);
  });
});

describe('the contract lists 413 and 415', () => {
  it('as problem codes, and as answers of every operation with a request body', () => {
    const contract = loadContract() as unknown as {
      paths: Record<string, Record<string, { operationId?: string; requestBody?: unknown; responses?: Record<string, unknown> }>>;
      components: { schemas: Record<string, { enum?: string[] }> };
    };
    expect(contract.components.schemas.ProblemCode?.enum).toEqual(expect.arrayContaining(['unsupportedMediaType', 'contentTooLarge']));
    const withBody = Object.values(contract.paths).flatMap((item) =>
      Object.values(item).filter((operation) => typeof operation === 'object' && operation.requestBody),
    );
    expect(withBody.length).toBeGreaterThan(20);
    expect(withBody.filter((operation) => !operation.responses?.['413'] || !operation.responses['415']).map((operation) => operation.operationId)).toEqual([]);
  });
});

describe('415 for a body of a media type the operation does not take', () => {
  it('register is form-encoded only: JSON is refused, the form is taken', async () => {
    const client = await visited();
    const json = await client.post(registerPath, { json: registerForm, headers: { 'Idempotency-Key': randomUUID() } });
    expect(json.status).toBe(415);
    expect(problemOf(json).code).toBe('unsupportedMediaType');
    expect(problemOf(json).detail).toContain('application/x-www-form-urlencoded');
    const form = await client.post(registerPath, { form: registerForm, headers: { 'Idempotency-Key': randomUUID() } });
    expect(form.status).toBe(201);
  });

  it('check-email is JSON only: a form, plain text or a body without Content-Type are refused; a charset is fine', async () => {
    const client = await visited();
    const body = JSON.stringify({ email: 'someone@example.org' });
    expect((await client.post(checkEmailPath, { form: { email: 'someone@example.org' } })).status).toBe(415);
    expect((await client.post(checkEmailPath, { raw: body, headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    const untyped = await client.post(checkEmailPath, { raw: body });
    expect(untyped.status).toBe(415);
    expect(problemOf(untyped).code).toBe('unsupportedMediaType');
    expect((await client.post(checkEmailPath, { raw: body, headers: { 'Content-Type': 'application/json; charset=utf-8' } })).status).toBe(200);
  });

  it('the token endpoint is form-encoded only', async () => {
    const client = await visited();
    const result = await client.post(tokenPath, { json: { grant_type: 'refresh_token', client_id: 'portal-web' } });
    expect(result.status).toBe(415);
    expect(problemOf(result).code).toBe('unsupportedMediaType');
  });
});

describe('413 for a body above the limit', () => {
  it(`check-email with a 1.1 MB body: 413 contentTooLarge, whether it declares its length or not (limit ${maxBodyBytes} bytes)`, async () => {
    const client = await visited();
    const body = JSON.stringify({ email: 'someone@example.org', padding: 'x'.repeat(1_100_000) });
    const variants: Record<string, string>[] = [
      { 'Content-Type': 'application/json' },
      { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
    ];
    for (const headers of variants) {
      const result = await client.post(checkEmailPath, { raw: body, headers });
      expect(result.status).toBe(413);
      expect(problemOf(result).code).toBe('contentTooLarge');
    }
  });

  it('a body just within the limit is read', async () => {
    const client = await visited();
    const padding = 'x'.repeat(maxBodyBytes - 100);
    const result = await client.post(checkEmailPath, {
      raw: JSON.stringify({ email: 'someone@example.org', padding }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(result.status).toBe(200);
  });
});

describe('a form that repeats a field is refused', () => {
  it('register: 400 validationFailed naming the repeated field', async () => {
    const client = await visited();
    const raw = `${new URLSearchParams(registerForm).toString()}&username=${encodeURIComponent('other@example.org')}`;
    const result = await client.post(registerPath, { raw, headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': randomUUID() } });
    expect(result.status).toBe(400);
    expect(problemOf(result)).toMatchObject({ code: 'validationFailed', errors: [{ field: 'username', code: 'invalidValue' }] });
  });

  it('the token endpoint: invalid_request (RFC 6749 3.2: no parameter twice)', async () => {
    const client = await visited();
    const result = await client.post(tokenPath, {
      raw: 'grant_type=refresh_token&client_id=portal-web&client_id=other',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(result.status).toBe(400);
    expect((result.body as { error?: string }).error).toBe('invalid_request');
  });

  describe('the sign-in form', () => {
    async function signInPage(): Promise<{ client: TestClient; fields: Record<string, string> }> {
      const client = newClient();
      const page = await client.get(authorizeUrl(sandbox, pkce().challenge), { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      return { client, fields: formFields(page.text) };
    }
    const post = (client: TestClient, raw: string, contentType = 'application/x-www-form-urlencoded') =>
      client.post('/sandbox/sign-in', { raw, headers: { 'Content-Type': contentType }, unchecked: true });

    it('signs in when every field comes once', async () => {
      const { client, fields } = await signInPage();
      const result = await post(client, new URLSearchParams({ ...fields, email: 'deuti@example.com', password: demoPassword }).toString());
      expect(result.status).toBe(302);
    });

    it.each(['email', 'password', 'csrf'])('refuses %s given twice with 400 and signs nobody in', async (name) => {
      const { client, fields } = await signInPage();
      const form = new URLSearchParams({ ...fields, email: 'deuti@example.com', password: demoPassword });
      form.append(name, form.get(name)!);
      const result = await post(client, form.toString());
      expect(result.status).toBe(400);
      expect(result.headers.get('Location')).toBeNull();
      expect(result.text).toContain('Diese Anmeldeanfrage ist ungültig.');
    });

    it('refuses a body that is not form-encoded (415) or too large (413)', async () => {
      const { client, fields } = await signInPage();
      const values = { ...fields, email: 'deuti@example.com', password: demoPassword };
      expect((await post(client, JSON.stringify(values), 'application/json')).status).toBe(415);
      const huge = new URLSearchParams({ ...values, padding: 'x'.repeat(maxBodyBytes) }).toString();
      expect((await post(client, huge)).status).toBe(413);
    });
  });
});
