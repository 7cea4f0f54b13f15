// @vitest-environment node
import { createTestSandbox, type TestClient } from './harness';
import { userInfoPath, visit } from './scenarios/auth';

/**
 * CSRF (the contract's "Session and CSRF"): every state-changing call echoes the XSRF-TOKEN cookie in
 * the X-XSRF-TOKEN header, the token is signed for this browser's session (or, before sign-in, its
 * anonymous id), and requests the browser marks cross-site are refused.
 */

const { newClient } = await createTestSandbox();

const changePassword = (client: TestClient, options: { csrf?: boolean; headers?: Record<string, string> } = {}) =>
  client.post('/account/new-password', { json: { old_password: 'Not-The-Password-1!', new_password: 'Anders-Neu-2027!' }, ...options });
const checkEmail = (client: TestClient, options: { csrf?: boolean; headers?: Record<string, string> } = {}) =>
  client.post('/api/v2/auth/register/check-email', { json: { email: 'someone@example.org' }, ...options });

function expectCsrfRefusal(result: { status: number; body: unknown }) {
  expect(result.status).toBe(403);
  expect((result.body as { code: string }).code).toBe('invalidCsrfToken');
}

async function signedIn(email: string): Promise<TestClient> {
  const client = newClient();
  await client.signInAs(email);
  return client;
}

describe('CSRF protection of a signed-in call (change password)', () => {
  it('without the header: 403', async () => {
    const client = await signedIn('deuti@example.com');
    expectCsrfRefusal(await changePassword(client, { csrf: false }));
  });

  it('with a header that differs from the cookie: 403', async () => {
    const client = await signedIn('deuti@example.com');
    const cookie = client.cookie('XSRF-TOKEN')!;
    const [nonce, signature] = cookie.split('.');
    expectCsrfRefusal(await changePassword(client, { csrf: false, headers: { 'X-XSRF-TOKEN': `${nonce}.${signature!.slice(0, -2)}AA` } }));
    expectCsrfRefusal(await changePassword(client, { csrf: false, headers: { 'X-XSRF-TOKEN': 'anything' } }));
  });

  it('with a token signed for another session (cookie and header alike): 403', async () => {
    const victim = await signedIn('deuti@example.com');
    const attacker = await signedIn('joti@example.com');
    const attackersToken = attacker.cookie('XSRF-TOKEN')!;
    victim.jar.set('XSRF-TOKEN', { value: attackersToken, path: '/' });
    expectCsrfRefusal(await changePassword(victim));
  });

  it('with a planted anonymous pair (a portal_anon cookie and its token) while signed in: 403 (decision 3 binds the token to the session)', async () => {
    // An attacker who can set cookies for the site (a sibling subdomain) plants its own anonymous id and token, and knows the token.
    const attacker = newClient();
    await visit(attacker);
    const planted = { anonymous: attacker.cookie('portal_anon')!, token: attacker.cookie('XSRF-TOKEN')! };
    expect((await checkEmail(attacker)).status).toBe(200);

    const victim = await signedIn('deuti@example.com');
    victim.jar.set('portal_anon', { value: planted.anonymous, path: '/' });
    victim.jar.set('XSRF-TOKEN', { value: planted.token, path: '/' });
    expectCsrfRefusal(await changePassword(victim));
    expectCsrfRefusal(await victim.post('/api/v2/auth/authorization/logout'));
    expect((await victim.get(userInfoPath)).status).toBe(200);
  });

  it("the browser's own anonymous token from before sign-in no longer passes once signed in", async () => {
    const client = newClient();
    await visit(client);
    const anonymousToken = client.cookie('XSRF-TOKEN')!;
    await client.signInAs('joti@example.com');
    expect(client.cookie('XSRF-TOKEN')).not.toBe(anonymousToken);
    expect((await changePassword(client)).status).toBe(400);
    client.jar.set('XSRF-TOKEN', { value: anonymousToken, path: '/' });
    expectCsrfRefusal(await changePassword(client));
  });

  it('with Sec-Fetch-Site: cross-site, even with the right header: 403', async () => {
    const client = await signedIn('deuti@example.com');
    expectCsrfRefusal(await changePassword(client, { headers: { 'Sec-Fetch-Site': 'cross-site' } }));
  });

  it('with the right header: passes (and reaches the handler, which checks the old password)', async () => {
    const client = await signedIn('deuti@example.com');
    for (const site of [undefined, 'same-origin', 'same-site']) {
      const result = await changePassword(client, site ? { headers: { 'Sec-Fetch-Site': site } } : {});
      expect(result.status).toBe(400);
      expect((result.body as { code: string }).code).toBe('passwordIncorrect');
    }
  });

  it('a forged logout is refused and the session survives', async () => {
    const client = await signedIn('seti@example.com');
    expectCsrfRefusal(await client.post('/api/v2/auth/authorization/logout', { csrf: false }));
    expect((await client.get(userInfoPath)).status).toBe(200);
    expect((await client.post('/api/v2/auth/authorization/logout')).status).toBe(204);
    expect((await client.get(userInfoPath)).status).toBe(401);
  });
});

describe('CSRF protection before sign-in (check email, register, token)', () => {
  it('the first answer hands out a CSRF cookie bound to this browser', async () => {
    const client = newClient();
    expectCsrfRefusal(await checkEmail(client));
    await visit(client);
    expect(client.cookie('XSRF-TOKEN')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await checkEmail(client)).status).toBe(200);
  });

  it('without the header, with a different header, cross-site: 403', async () => {
    const client = newClient();
    await visit(client);
    expectCsrfRefusal(await checkEmail(client, { csrf: false }));
    expectCsrfRefusal(await checkEmail(client, { csrf: false, headers: { 'X-XSRF-TOKEN': 'x.y' } }));
    expectCsrfRefusal(await checkEmail(client, { headers: { 'Sec-Fetch-Site': 'cross-site' } }));
  });

  it("with another browser's anonymous token: 403", async () => {
    const client = newClient();
    await visit(client);
    const other = newClient();
    await visit(other);
    client.jar.set('XSRF-TOKEN', { value: other.cookie('XSRF-TOKEN')!, path: '/' });
    expectCsrfRefusal(await checkEmail(client));
  });

  it('the token endpoint and register are protected too', async () => {
    const client = newClient();
    await visit(client);
    expectCsrfRefusal(await client.post('/api/v2/auth/authorization/token', { form: { grant_type: 'refresh_token', client_id: 'portal-web' }, csrf: false }));
    expectCsrfRefusal(
      await client.post('/api/v2/auth/register', {
        form: {
          username: 'csrf@example.org',
          password: 'Abcdef1!',
          client_id: 'portal-web',
          grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in',
          has_agreed_to_privacy_policy: true,
          has_agreed_to_newsletter: false,
        },
        headers: { 'Idempotency-Key': 'csrf-test-key-1' },
        csrf: false,
      }),
    );
  });
});
