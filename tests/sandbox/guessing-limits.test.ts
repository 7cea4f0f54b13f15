// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { accountKeysOf, attemptLimits, dailyCap, recordFailure, refusedFor } from '#sandbox/attempt-limit';
import { createSandbox } from '#sandbox/app';
import { testConfig } from '#sandbox/config';
import { all, one } from '#sandbox/db/database';
import { demoPassword } from '#sandbox/seed/users';
import { type CallResult, createTestSandbox, type TestClient } from './harness';
import { axeViolations } from './html-axe';
import { authorizeUrl, formFields, freshEmail, pkce, registerAndSignIn } from './scenarios/auth';

/**
 * The guessing limits (decision 28): wrong passwords at sign-in, password change and account
 * deletion, wrong email-change codes and sent codes are limited per account (sandbox/attempt-limit.ts,
 * the home of the anonymous termination's limit too). 30 wrong tries in a row: the first 5 are
 * answered as wrong, the rest 429 with Retry-After, even the right answer; after the window the
 * right one works. Time is faked (only Date), never waited for.
 */

const quarterHour = 15 * 60;
const start = Date.parse('2031-03-03T09:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
});
afterEach(() => vi.useRealTimers());

// A long access token, so the session outlives the windows the tests jump over.
const setup = () => createTestSandbox({ accessTtlSeconds: 7 * 24 * 3600 });

function expectRefused(result: CallResult, maxWait = quarterHour) {
  expect(result.status).toBe(429);
  // The API's answers are problems; the sign-in page is a page (its text is checked below).
  if (result.headers.get('Content-Type')?.includes('json')) expect((result.body as { code: string }).code).toBe('tooManyAttempts');
  const wait = Number(result.headers.get('Retry-After'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
  return wait;
}

/** 30 wrong tries: answered as wrong up to the limit, then 429; the right answer is refused too until the window has passed. */
async function thirtyWrongThenRight(wrong: () => Promise<CallResult>, right: () => Promise<CallResult>, isWrong: (result: CallResult) => void) {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 30; attempt += 1) {
    vi.setSystemTime(start + attempt * 1000);
    const result = await wrong();
    statuses.push(result.status);
    if (attempt <= 5) isWrong(result);
    else expectRefused(result);
  }
  expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  const wait = expectRefused(await right());
  expect(wait).toBeGreaterThan(quarterHour - 60);
  vi.setSystemTime(start + 5 * 1000 + quarterHour * 1000 + 1);
  return right();
}

describe('wrong passwords per account', () => {
  it('password change: 5 wrong old passwords, then 429 with Retry-After; after 15 minutes the right one works', async () => {
    const { client } = await setup();
    const { password } = await registerAndSignIn(client, 'limit-pw');
    const change = (old_password: string) => client.post('/account/new-password', { json: { old_password, new_password: 'Anders-Neu-2031!' } });
    const after = await thirtyWrongThenRight(
      () => change('Falsch-Geraten-1!'),
      () => change(password),
      (result) => expect((result.body as { code: string }).code).toBe('passwordIncorrect'),
    );
    expect(after.status).toBe(204);
  });

  it('account deletion: 5 wrong passwords, then 429 with Retry-After; after 15 minutes the right one works', async () => {
    const { client } = await setup();
    const { password } = await registerAndSignIn(client, 'limit-del');
    const remove = (pw: string) => client.post('/account/delete', { json: { password: pw } });
    const after = await thirtyWrongThenRight(
      () => remove('Falsch-Geraten-1!'),
      () => remove(password),
      (result) => expect(result.body).toEqual({ success: false, passwordCorrect: false }),
    );
    expect(after.body).toEqual({ success: true, passwordCorrect: true });
  });

  it('another account is not affected, and a right answer before the limit forgets the wrong ones', async () => {
    const { client, newClient } = await setup();
    const { password } = await registerAndSignIn(client, 'limit-a');
    const other = newClient();
    const second = await registerAndSignIn(other, 'limit-b');
    const change = (c: TestClient, old_password: string, new_password = 'Anders-Neu-2031!') =>
      c.post('/account/new-password', { json: { old_password, new_password } });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await change(client, 'Falsch-Geraten-1!')).status).toBe(400);
    expect((await change(client, password)).status).toBe(429);
    expect((await change(other, second.password)).status).toBe(204);
    // Four wrong, one right: the count starts again.
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await change(other, 'Falsch-Geraten-1!')).status).toBe(400);
    expect((await change(other, 'Anders-Neu-2031!', 'Nochmal-Neu-2031!')).status).toBe(204);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await change(other, 'Falsch-Geraten-1!')).status).toBe(400);
    expect((await change(other, 'Nochmal-Neu-2031!', 'Dritte-Neu-2031!')).status).toBe(204);
  });

  it('after 20 failures in a day the wait is the rest of the day', async () => {
    const { sandbox } = await setup();
    const keys = accountKeysOf(sandbox.config.secret, 'passwordChange', 'someone');
    // Five failures in each of four quarter hours: each window lets the next five through.
    for (let round = 0; round < 4; round += 1) {
      const at = start + round * (quarterHour + 1) * 1000;
      expect(await refusedFor(sandbox.db, keys, at)).toBeUndefined();
      for (let failure = 0; failure < attemptLimits.passwordChange.limit; failure += 1) await recordFailure(sandbox.db, keys, at + failure);
      expect(await refusedFor(sandbox.db, keys, at + 10)).toBeGreaterThan(quarterHour - 60);
    }
    const later = start + 4 * (quarterHour + 1) * 1000;
    const wait = await refusedFor(sandbox.db, keys, later);
    expect(wait).toBeGreaterThan(dailyCap.windowSeconds - 2 * 3600);
    expect(await refusedFor(sandbox.db, keys, start + dailyCap.windowSeconds * 1000 + 1000)).toBeUndefined();
  });
});

describe('the sign-in page', () => {
  async function signInPage(client: TestClient, uiLocale: string) {
    const { challenge } = pkce();
    const page = await client.get(authorizeUrl(client.sandbox, challenge, { ui_locales: uiLocale }), { headers: { Accept: 'text/html' } });
    const fields = formFields(page.text);
    return (email: string, password: string) =>
      client.post('/sandbox/sign-in', { form: { ...fields, email, password }, headers: { 'Sec-Fetch-Site': 'same-origin' }, unchecked: true });
  }

  it('30 wrong passwords: 5 answered as wrong, then 429 saying how long to wait (German), even for the right one; after 15 minutes it signs in', async () => {
    const { newClient } = await setup();
    const client = newClient();
    const post = await signInPage(client, 'de-DE');
    const after = await thirtyWrongThenRight(
      () => post('joti@example.com', 'Falsch-Geraten-1!'),
      () => post('JOTI@example.com ', demoPassword),
      (result) => expect(result.status).toBe(401),
    );
    expect(after.status).toBe(302);
  });

  it('says so in both languages, axe-clean, keeps the address; an unknown address is limited alike', async () => {
    const { newClient } = await setup();
    for (const [locale, text] of [
      ['de-DE', 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten noch einmal.'],
      ['en-US', 'Too many failed sign-in attempts. Please try again in 15 minutes.'],
    ] as const) {
      const post = await signInPage(newClient(), locale);
      const email = freshEmail(`nobody-${locale}`);
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await post(email, 'Falsch-Geraten-1!')).status).toBe(401);
      const refused = await post(email, 'Falsch-Geraten-1!');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBe(quarterHour);
      expect(refused.text).toContain(text);
      expect(refused.text).toContain(`value="${email}"`);
      expect(await axeViolations(refused.text)).toEqual([]);
    }
  });

  it('a password reset lifts the sign-in limit of its account', async () => {
    const { sandbox, newClient } = await setup();
    const client = newClient();
    const post = await signInPage(client, 'de-DE');
    for (let attempt = 0; attempt < 5; attempt += 1) await post('seti@example.com', 'Falsch-Geraten-1!');
    expect((await post('seti@example.com', demoPassword)).status).toBe(429);
    await client.post('/account/send-password-reset-code', { json: { email: 'seti@example.com' } });
    const [mail] = await sandbox.outbox.list('seti@example.com');
    const link = new URL(mail!.link!);
    const reset = await client.post('/account/reset-password', {
      json: { user_id: link.searchParams.get('user_id'), token: link.searchParams.get('token'), new_password: 'Zurueck-Gesetzt-2031!' },
    });
    expect(reset.status).toBe(204);
    expect((await post('seti@example.com', 'Zurueck-Gesetzt-2031!')).status).toBe(302);
  });
});

describe('email-change codes', () => {
  /** The newest code sent to the address (the outbox lists the newest first). */
  const codeOf = async (client: TestClient, email: string) => /\b(\d{6})\b/.exec((await client.sandbox.outbox.list(email))[0]!.body)![1]!;

  it('30 wrong codes: 5 answered as wrong, then 429 even for the right code; after 15 minutes a new code works', async () => {
    const { client } = await setup();
    await registerAndSignIn(client, 'limit-code');
    const newEmail = freshEmail('limit-code-new');
    expect((await client.post('/account/send-change-email-code', { json: { new_email: newEmail } })).status).toBe(202);
    const code = await codeOf(client, newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    const after = await thirtyWrongThenRight(
      () => client.post('/account/change-email', { json: { new_email: newEmail, code: wrong } }),
      () => client.post('/account/change-email', { json: { new_email: newEmail, code } }),
      (result) => expect((result.body as { code: string }).code).toBe('invalidCode'),
    );
    // That code was tried five times wrongly (and has expired): a new one works.
    expect((after.body as { code: string }).code).toBe('invalidCode');
    expect((await client.post('/account/send-change-email-code', { json: { new_email: newEmail } })).status).toBe(202);
    expect((await client.post('/account/change-email', { json: { new_email: newEmail, code: await codeOf(client, newEmail) } })).status).toBe(204);
  });

  it('sending codes: 5 in 15 minutes, then 429 with Retry-After and no mail; later a new one goes out', async () => {
    const { client } = await setup();
    await registerAndSignIn(client, 'limit-send');
    const newEmail = freshEmail('limit-send-new');
    const send = () => client.post('/account/send-change-email-code', { json: { new_email: newEmail } });
    for (let sent = 1; sent <= 5; sent += 1) {
      vi.setSystemTime(start + sent * 1000);
      expect((await send()).status).toBe(202);
    }
    for (let more = 0; more < 25; more += 1) expectRefused(await send());
    expect(await client.sandbox.outbox.list(newEmail)).toHaveLength(5);
    vi.setSystemTime(start + 1000 + quarterHour * 1000 + 1);
    expect((await send()).status).toBe(202);
    expect(await client.sandbox.outbox.list(newEmail)).toHaveLength(6);
  });
});

describe('the reset clears every attempt counter', () => {
  it('POST /__sandbox/reset and npm run sandbox:reset (sandbox/reset.ts) empty the counters of every limit', async () => {
    const { sandbox, client } = await setup();
    const keys = accountKeysOf(sandbox.config.secret, 'signIn', 'deuti@example.com');
    for (let failure = 0; failure < 5; failure += 1) await recordFailure(sandbox.db, keys);
    expect(await refusedFor(sandbox.db, keys)).toBeDefined();
    expect((await client.post('/__sandbox/reset', { unchecked: true })).status).toBeLessThan(300);
    expect(await all(sandbox.db, 'SELECT id FROM failed_attempts')).toEqual([]);
    expect(await refusedFor(sandbox.db, keys)).toBeUndefined();
  });

  it('the reset script on a database file', async () => {
    vi.useRealTimers();
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-reset-'));
    const databaseUrl = `file:${path.join(dir, 'sandbox.db')}`;
    try {
      const sandbox = await createSandbox(testConfig({ databaseUrl }));
      await recordFailure(sandbox.db, accountKeysOf(sandbox.config.secret, 'accountDeletion', 'someone'));
      sandbox.close();
      execFileSync(process.execPath, ['sandbox/launch.mjs', 'sandbox/reset.ts'], { env: { ...process.env, SANDBOX_DATABASE_URL: databaseUrl }, stdio: 'pipe' });
      const after = await createSandbox(testConfig({ databaseUrl }), { seed: false });
      expect(await one(after.db, 'SELECT id FROM failed_attempts')).toBeUndefined();
      after.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
