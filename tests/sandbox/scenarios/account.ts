import { one } from '#sandbox/db/database';
import { demoPassword } from '#sandbox/seed/users';
import type { CallResult, Scenario } from '../harness';
import { freshEmail, register, registerAndSignIn, signIn, signInWithPassword, strongPassword, userInfoPath, visit } from './auth';

/** Contract scenarios of the "account" area: each calls operations as the portal would and asserts the effect. */

function problemCode(result: CallResult): string | undefined {
  return (result.body as { code?: string } | undefined)?.code;
}

export const accountScenarios: Scenario[] = [
  {
    name: 'email verification: the mailed link verifies once; resend mails a new link',
    run: async ({ sandbox, client, newClient }) => {
      await visit(client);
      const email = freshEmail('verify');
      const registered = await register(client, { username: email });
      const userId = (registered.body as { user_id: string }).user_id;
      const [first] = await sandbox.outbox.list(email);
      const firstLink = new URL(first!.link!);
      expect(firstLink.pathname).toBe('/actions/verify-email');

      // A wrong token fails (the portal goes to /actions/verify-email/failed?user_id=…).
      const wrong = await client.get(`/account/verify-email?user_id=${userId}&token=wrong-token`);
      expect(wrong.status).toBe(400);
      expect(problemCode(wrong)).toBe('invalidToken');
      expect((await client.get(`/account/verify-email?user_id=nobody&token=x`)).status).toBe(404);

      // The failed page offers a resend: a second link arrives.
      const resend = newClient();
      await visit(resend);
      expect((await resend.post('/account/resend-email-confirmation-link', { json: { user_id: userId } })).status).toBe(202);
      const mails = await sandbox.outbox.list(email);
      expect(mails).toHaveLength(2);
      const secondLink = new URL(mails[0]!.link!);
      expect(secondLink.searchParams.get('token')).not.toBe(firstLink.searchParams.get('token'));
      // Unknown users get the same answer and no mail.
      expect((await resend.post('/account/resend-email-confirmation-link', { json: { user_id: 'user-unknown' } })).status).toBe(202);
      // Five links per account in 15 minutes (decision 28), for an unknown id alike: then 429 with the wait, and no mail.
      for (let sent = 1; sent < 5; sent += 1)
        expect((await resend.post('/account/resend-email-confirmation-link', { json: { user_id: 'user-unknown' } })).status).toBe(202);
      const limited = await resend.post('/account/resend-email-confirmation-link', { json: { user_id: 'user-unknown' } });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

      const verified = await client.get(`/account/verify-email${secondLink.search}`);
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ userId, emailVerified: true });
      expect((await one<{ email_verified: number }>(sandbox.db, 'SELECT email_verified FROM users WHERE id = ?', [userId]))?.email_verified).toBe(1);
      // The same link twice: refused.
      expect((await client.get(`/account/verify-email${secondLink.search}`)).status).toBe(400);
      // The older, unused link of a verified address still answers verified.
      expect((await client.get(`/account/verify-email${firstLink.search}`)).status).toBe(200);
      // A verified account gets no more links.
      expect((await resend.post('/account/resend-email-confirmation-link', { json: { user_id: userId } })).status).toBe(202);
      expect(await sandbox.outbox.list(email)).toHaveLength(2);
    },
  },
  {
    name: 'password reset: request (no enumeration), weak and invalid tokens refused, reset signs out everywhere',
    run: async ({ sandbox, client, newClient }) => {
      const customer = await registerAndSignIn(client, 'reset');
      const anonymous = newClient();
      await visit(anonymous);

      expect((await anonymous.post('/account/send-password-reset-code', { json: { email: 'nobody-here@example.org' } })).status).toBe(202);
      expect(await sandbox.outbox.list('nobody-here@example.org')).toHaveLength(0);

      expect((await anonymous.post('/account/send-password-reset-code', { json: { email: customer.email } })).status).toBe(202);
      const [mail] = await sandbox.outbox.list(customer.email);
      expect(mail?.kind).toBe('reset-password');
      const link = new URL(mail!.link!);
      expect(`${link.origin}${link.pathname}`).toBe(`${sandbox.config.portalOrigin}/password-reset`);
      const userId = link.searchParams.get('user_id')!;
      const token = link.searchParams.get('token')!;
      expect(userId).toBe(customer.userId);

      const invalid = await anonymous.post('/account/reset-password', { json: { user_id: userId, token: 'forged', new_password: 'Ganz-Neu-2027!' } });
      expect(invalid.status).toBe(400);
      expect(problemCode(invalid)).toBe('invalidToken');
      const weak = await anonymous.post('/account/reset-password', { json: { user_id: userId, token, new_password: 'lowercase-only' } });
      expect(weak.status).toBe(400);
      expect((weak.body as { errors: { field: string; code: string }[] }).errors).toEqual([
        { field: 'new_password', code: 'passwordUppercase' },
        { field: 'new_password', code: 'passwordDigit' },
      ]);

      expect((await anonymous.post('/account/reset-password', { json: { user_id: userId, token, new_password: 'Ganz-Neu-2027!' } })).status).toBe(204);
      // The signed-in browser is signed out; the link is used up; the new password signs in.
      expect((await client.get(userInfoPath)).status).toBe(401);
      expect((await anonymous.post('/account/reset-password', { json: { user_id: userId, token, new_password: 'Noch-Neuer-2028!' } })).status).toBe(400);
      const fresh = newClient();
      await visit(fresh);
      await expect(signInWithPassword(fresh, customer.email, customer.password)).rejects.toThrow(/sign-in answered 401/);
      await signIn(fresh, customer.email, 'Ganz-Neu-2027!');
      expect((await fresh.get(userInfoPath)).status).toBe(200);
    },
  },
  {
    name: 'change password: the old one must match, the new one follows the rules',
    run: async ({ client, newClient }) => {
      const customer = await registerAndSignIn(client, 'newpw');
      const other = newClient();
      await visit(other);
      await signIn(other, customer.email, customer.password);

      const wrongOld = await client.post('/account/new-password', { json: { old_password: 'Not-The-Old-1!', new_password: 'Anders-Neu-2027!' } });
      expect(wrongOld.status).toBe(400);
      expect(problemCode(wrongOld)).toBe('passwordIncorrect');
      const weak = await client.post('/account/new-password', { json: { old_password: customer.password, new_password: 'ABCDEFGH1!' } });
      expect(weak.status).toBe(400);
      expect((weak.body as { errors: unknown[] }).errors).toEqual([{ field: 'new_password', code: 'passwordLowercase' }]);

      expect((await client.post('/account/new-password', { json: { old_password: customer.password, new_password: 'Anders-Neu-2027!' } })).status).toBe(204);
      // This browser stays signed in; the other one is signed out.
      expect((await client.get(userInfoPath)).status).toBe(200);
      expect((await other.get(userInfoPath)).status).toBe(401);
      const fresh = newClient();
      await visit(fresh);
      await signIn(fresh, customer.email, 'Anders-Neu-2027!');
    },
  },
  {
    name: 'change email: pre-check, a code to the new address, wrong code and taken address refused, then the new address',
    run: async ({ sandbox, client }) => {
      const customer = await registerAndSignIn(client, 'chmail');
      expect((await client.get('/account/check-can-change-email')).body).toEqual({ canChangeEmail: true });

      const taken = await client.post('/account/send-change-email-code', { json: { new_email: 'seti@example.com' } });
      expect(taken.status).toBe(409);
      expect(problemCode(taken)).toBe('alreadyExists');

      const newEmail = freshEmail('changed');
      expect((await client.post('/account/send-change-email-code', { json: { new_email: newEmail } })).status).toBe(202);
      const [mail] = await sandbox.outbox.list(newEmail);
      expect(mail?.kind).toBe('change-email');
      expect(await sandbox.outbox.list(customer.email).then((mails) => mails.filter((m) => m.kind === 'change-email'))).toHaveLength(0);
      const code = /\b(\d{6})\b/.exec(mail!.body)?.[1];
      expect(code).toBeTruthy();

      const wrongCode = await client.post('/account/change-email', { json: { new_email: newEmail, code: code === '000000' ? '111111' : '000000' } });
      expect(wrongCode.status).toBe(400);
      expect(problemCode(wrongCode)).toBe('invalidCode');
      const otherAddress = await client.post('/account/change-email', { json: { new_email: freshEmail('other'), code: code! } });
      expect(problemCode(otherAddress)).toBe('invalidCode');

      expect((await client.post('/account/change-email', { json: { new_email: newEmail, code: code! } })).status).toBe(204);
      expect((await client.get(userInfoPath)).body).toMatchObject({ email: newEmail, email_verified: true });
      // The code is used up.
      expect((await client.post('/account/change-email', { json: { new_email: newEmail, code: code! } })).status).toBe(400);

      // An account whose address may not change.
      await sandbox.db.execute({ sql: 'UPDATE users SET can_change_email = 0 WHERE id = ?', args: [customer.userId] });
      expect((await client.get('/account/check-can-change-email')).body).toEqual({ canChangeEmail: false, reason: 'emailChangeNotAllowed' });
      const notAllowed = await client.post('/account/send-change-email-code', { json: { new_email: freshEmail('blocked') } });
      expect(notAllowed.status).toBe(403);
      expect(problemCode(notAllowed)).toBe('emailChangeNotAllowed');
    },
  },
  {
    name: 'change email: a code stops working after five wrong tries (and the account is refused for a while, decision 28)',
    run: async ({ sandbox, client }) => {
      await registerAndSignIn(client, 'guess');
      const newEmail = freshEmail('guessed');
      await client.post('/account/send-change-email-code', { json: { new_email: newEmail } });
      const code = /\b(\d{6})\b/.exec((await sandbox.outbox.list(newEmail))[0]!.body)![1]!;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect((await client.post('/account/change-email', { json: { new_email: newEmail, code: wrong } })).status).toBe(400);
      expect((await client.post('/account/change-email', { json: { new_email: newEmail, code } })).status).toBe(429);
    },
  },
  {
    name: 'delete account: pre-check, wrong password, not allowed, and deletion that ends every session',
    run: async ({ sandbox, client, newClient }) => {
      // The seeded account that may not be deleted.
      const blocked = newClient();
      await blocked.signInAs('undeletable@example.com');
      expect((await blocked.get('/account/check-account-delete')).body).toEqual({ canDelete: false, reason: 'deletionNotAllowed' });
      expect((await blocked.post('/account/delete', { json: { password: demoPassword } })).body).toEqual({ success: false, passwordCorrect: true });
      expect((await blocked.get(userInfoPath)).status).toBe(200);

      const customer = await registerAndSignIn(client, 'delete');
      const second = newClient();
      await visit(second);
      await signIn(second, customer.email, customer.password);
      expect((await client.get('/account/check-account-delete')).body).toEqual({ canDelete: true });

      expect((await client.post('/account/delete', { json: { password: 'Wrong-Password-1!' } })).body).toEqual({ success: false, passwordCorrect: false });
      expect((await client.get(userInfoPath)).status).toBe(200);

      const deleted = await client.post('/account/delete', { json: { password: customer.password } });
      expect(deleted.body).toEqual({ success: true, passwordCorrect: true });
      expect(deleted.headers.getSetCookie().some((cookie) => cookie.startsWith('portal_session=;'))).toBe(true);
      expect(client.cookie('portal_session')).toBeUndefined();
      // Every session ended, the second browser's too, and its refresh token is dead.
      expect((await second.get(userInfoPath)).status).toBe(401);
      expect((await second.post('/api/v2/auth/authorization/token', { form: { grant_type: 'refresh_token', client_id: 'portal-web' } })).status).toBe(400);
      expect((await one<{ deleted_at: string | null }>(sandbox.db, 'SELECT deleted_at FROM users WHERE id = ?', [customer.userId]))?.deleted_at).toBeTruthy();

      // The address no longer signs in; a password reset for it is refused with 403 (requestStep.error403).
      const fresh = newClient();
      await visit(fresh);
      await expect(signInWithPassword(fresh, customer.email, customer.password)).rejects.toThrow(/sign-in answered 401/);
      const reset = await fresh.post('/account/send-password-reset-code', { json: { email: customer.email } });
      expect(reset.status).toBe(403);
      expect(problemCode(reset)).toBe('passwordResetNotAllowed');

      // The address can be registered anew.
      expect((await fresh.post('/api/v2/auth/register/check-email', { json: { email: customer.email } })).body).toEqual({ is_already_in_use: false });
      expect((await register(fresh, { username: customer.email, password: strongPassword })).status).toBe(201);
    },
  },
  {
    name: 'changeStaffNumber (decision 32): joti only, the company rules (400), a taken number (409), 403 without CSRF, then 200',
    run: async ({ client, newClient }) => {
      const path = '/api/v2/payment/company-user-info';
      await client.signInAs('joti@example.com');
      expect((await client.get(path)).body).toEqual({ company_id: 'TDX9960', staff_number: 'P-100234' });

      // TDX9960's staff field: 8 characters, P-123456.
      const spaced = await client.put(path, { json: { staff_number: 'P 100235' } });
      expect(spaced.status).toBe(400);
      expect(spaced.body).toMatchObject({ code: 'validationFailed', errors: [{ field: 'staff_number', code: 'noWhitespace' }] });
      const pattern = await client.put(path, { json: { staff_number: 'Q-100235' } });
      expect(pattern.body).toMatchObject({ code: 'validationFailed', errors: [{ field: 'staff_number', code: 'customValidation' }] });
      const short = await client.put(path, { json: { staff_number: 'P-1002' } });
      expect((short.body as { errors: { code: string }[] }).errors.map((error) => error.code)).toEqual(['minLimit.staffNumber']);
      // fixed-email@example.com is P-100777 at the same company.
      const taken = await client.put(path, { json: { staff_number: 'P-100777' } });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'staffNumberTaken', errors: [{ field: 'staff_number', code: 'staffNumberTaken' }] });
      expect((await client.put(path, { json: { staff_number: 'P-100235' }, csrf: false })).status).toBe(403);

      const changed = await client.put(path, { json: { staff_number: 'P-100235' } });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ company_id: 'TDX9960', staff_number: 'P-100235' });
      expect((await client.get(path)).body).toEqual({ company_id: 'TDX9960', staff_number: 'P-100235' });
      // Its own number again is no conflict.
      expect((await client.put(path, { json: { staff_number: 'P-100234' } })).status).toBe(200);

      for (const email of ['seti@example.com', 'deuti@example.com']) {
        const other = newClient();
        await other.signInAs(email);
        const refused = await other.put(path, { json: { staff_number: '4711002' } });
        expect(refused.status, email).toBe(403);
        expect(refused.body, email).toMatchObject({ code: 'staffNumberNotChangeable' });
      }
      const seti = newClient();
      await seti.signInAs('seti@example.com');
      expect((await seti.get(path)).body).toEqual({ company_id: 'UNI0001', staff_number: '4711001' });
    },
  },
];
