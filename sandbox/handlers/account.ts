import { randomInt } from 'node:crypto';

import * as v from 'valibot';

import { emailSchema, passwordProblems } from '#src/domain/account-rules';
import { accountKeysOf, forgetFailures, recordFailure, refusedFor, tooManyAttempts } from '../attempt-limit';
import type { SandboxConfig } from '../config';
import { type Database, one, run } from '../db/database';
import { bodyOf, type Handlers, requireSession } from '../handler';
import { json, noContent, problem, type Reply } from '../http';
import { portalPaths, portalUrl } from '../oauth';
import { hashPassword, hashToken, randomToken, safeEqual, verifyPassword } from '../security';
import { clearSessionCookies, revokeUserSessions } from '../session';
import { addressInUse, releaseAddressOfDeletedAccount, sendVerificationLink } from './auth';

/**
 * How long a password reset link and an email-change code stay valid, and how often one code may be
 * tried. Wrong passwords and codes and sent codes are also limited per account (sandbox/attempt-limit.ts).
 */
const resetLinkTtlSeconds = 3600;
const changeEmailCodeTtlSeconds = 15 * 60;
const changeEmailCodeAttempts = 5;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const accepted = (): Reply => ({ status: 202 });

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  email_verified: number;
  can_delete: number;
  can_change_email: number;
  deleted_at: string | null;
}

async function userById(db: Database, id: string): Promise<UserRow | undefined> {
  return one<UserRow>(db, 'SELECT id, email, password_hash, email_verified, can_delete, can_change_email, deleted_at FROM users WHERE id = ?', [id]);
}

/** A problem for a new password that breaks the rules of SPEC.md 5.2 (every broken rule listed). */
function weakPassword(field: string, password: string): Reply | undefined {
  const codes = passwordProblems(password);
  if (codes.length === 0) return undefined;
  return problem(400, 'validationFailed', 'The new password does not follow the rules', { errors: codes.map((code) => ({ field, code })) });
}

/** A typed code (6 digits) is short, so it is stored with its own salt: `<salt>:<HMAC(salt:code)>`. */
function hashShortCode(config: SandboxConfig, code: string, salt = randomToken(12)): string {
  return `${salt}:${hashToken(config.secret, `${salt}:${code}`)}`;
}

function shortCodeFits(config: SandboxConfig, code: string, stored: string): boolean {
  const [salt] = stored.split(':');
  return Boolean(salt) && safeEqual(hashShortCode(config, code, salt), stored);
}

/** Operations of the contract's "account" area. */
export const accountHandlers: Handlers = {
  checkCanChangeEmail: async (ctx) => {
    const user = await userById(ctx.db, requireSession(ctx).userId);
    const canChangeEmail = user?.can_change_email === 1;
    return json(200, canChangeEmail ? { canChangeEmail } : { canChangeEmail, reason: 'emailChangeNotAllowed' });
  },

  sendChangeEmailCode: async (ctx) => {
    const { db, config, outbox } = ctx;
    const session = requireSession(ctx);
    const user = await userById(db, session.userId);
    if (!user) return problem(401, 'unauthenticated', 'Please sign in');
    if (user.can_change_email !== 1) return problem(403, 'emailChangeNotAllowed', 'The email address of this account cannot be changed');
    const parsed = v.safeParse(emailSchema, bodyOf<'sendChangeEmailCode'>(ctx).new_email);
    if (!parsed.success)
      return problem(400, 'validationFailed', 'The new address is invalid', { errors: [{ field: 'new_email', code: parsed.issues[0].message }] });
    const newEmail = parsed.output;
    if (await addressInUse(db, newEmail))
      return problem(409, 'alreadyExists', 'This email address is already in use', { errors: [{ field: 'new_email', code: 'alreadyExists' }] });
    // Every sent code counts: a new code is no way around the limit of wrong codes.
    const sends = accountKeysOf(config.secret, 'emailChangeCodeSend', user.id);
    const wait = await refusedFor(db, sends);
    if (wait !== undefined) return tooManyAttempts(wait);
    await recordFailure(db, sends);
    // Only the newest code counts.
    await run(db, "UPDATE one_time_codes SET used_at = ? WHERE user_id = ? AND kind = 'change-email' AND used_at IS NULL", [new Date().toISOString(), user.id]);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await run(db, "INSERT INTO one_time_codes (code_hash, kind, user_id, new_email, expires_at) VALUES (?, 'change-email', ?, ?, ?)", [
      hashShortCode(config, code),
      user.id,
      newEmail,
      nowSeconds() + changeEmailCodeTtlSeconds,
    ]);
    await outbox.send({
      to: newEmail,
      kind: 'change-email',
      subject: `Ihr Bestätigungscode / Your confirmation code: ${code}`,
      body: `Ihr Code zur Bestätigung der neuen E-Mail-Adresse: ${code}\nYour code to confirm the new email address: ${code}\n\nDer Code ist 15 Minuten gültig. / The code is valid for 15 minutes.`,
      link: null,
    });
    return accepted();
  },

  changeEmail: async (ctx) => {
    const { db, config } = ctx;
    const session = requireSession(ctx);
    const user = await userById(db, session.userId);
    if (!user) return problem(401, 'unauthenticated', 'Please sign in');
    if (user.can_change_email !== 1) return problem(403, 'emailChangeNotAllowed', 'The email address of this account cannot be changed');
    const body = bodyOf<'changeEmail'>(ctx);
    const parsed = v.safeParse(emailSchema, body.new_email);
    if (!parsed.success)
      return problem(400, 'validationFailed', 'The new address is invalid', { errors: [{ field: 'new_email', code: parsed.issues[0].message }] });
    const newEmail = parsed.output;
    const tries = accountKeysOf(config.secret, 'emailChangeCode', user.id);
    const wait = await refusedFor(db, tries);
    if (wait !== undefined) return tooManyAttempts(wait);
    const invalidCode = () => problem(400, 'invalidCode', 'The code is wrong or has expired', { errors: [{ field: 'code', code: 'invalidCode' }] });
    const pending = await one<{ code_hash: string; attempts: number }>(
      db,
      `SELECT code_hash, attempts FROM one_time_codes WHERE user_id = ? AND kind = 'change-email' AND new_email = ? COLLATE NOCASE
       AND used_at IS NULL AND expires_at >= ? ORDER BY expires_at DESC LIMIT 1`,
      [user.id, newEmail, nowSeconds()],
    );
    if (!pending || pending.attempts >= changeEmailCodeAttempts || !shortCodeFits(config, body.code.trim(), pending.code_hash)) {
      if (pending) await run(db, 'UPDATE one_time_codes SET attempts = attempts + 1 WHERE code_hash = ?', [pending.code_hash]);
      await recordFailure(db, tries);
      return invalidCode();
    }
    await forgetFailures(db, tries);
    const inUse = () => problem(409, 'alreadyExists', 'This email address is already in use', { errors: [{ field: 'new_email', code: 'alreadyExists' }] });
    if (await addressInUse(db, newEmail)) return inUse();
    const consumed = await run(db, 'UPDATE one_time_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL', [
      new Date().toISOString(),
      pending.code_hash,
    ]);
    if (consumed !== 1) return invalidCode();
    await releaseAddressOfDeletedAccount(db, newEmail);
    try {
      // The code reached the new address: it is verified.
      await run(db, 'UPDATE users SET email = ?, email_verified = 1 WHERE id = ?', [newEmail, user.id]);
    } catch (error) {
      if (/UNIQUE/i.test(String(error))) return inUse();
      throw error;
    }
    return noContent();
  },

  requestPasswordReset: async (ctx) => {
    const { db, config, outbox } = ctx;
    const email = bodyOf<'requestPasswordReset'>(ctx).email.trim();
    const user = await one<UserRow>(db, 'SELECT id, email, deleted_at FROM users WHERE email = ?', [email]);
    // Unknown addresses get the same answer as known ones (no account enumeration).
    if (!user) return accepted();
    // A deleted account cannot be reset (SPEC.md 8: requestStep.error403).
    if (user.deleted_at) return problem(403, 'passwordResetNotAllowed', 'The password of this account cannot be reset');
    const token = randomToken();
    await run(db, "INSERT INTO one_time_codes (code_hash, kind, user_id, expires_at) VALUES (?, 'reset-password', ?, ?)", [
      hashToken(config.secret, token),
      user.id,
      nowSeconds() + resetLinkTtlSeconds,
    ]);
    const link = portalUrl(config, portalPaths.passwordReset, { user_id: user.id, token });
    await outbox.send({
      to: user.email,
      kind: 'reset-password',
      subject: 'Passwort zurücksetzen / Reset your password',
      body: `Mit diesem Link setzen Sie ein neues Passwort:\n${link}\n\nSet a new password with this link:\n${link}\n\nDer Link ist eine Stunde gültig. / The link is valid for one hour.`,
      link,
    });
    return accepted();
  },

  resetPassword: async (ctx) => {
    const { db, config } = ctx;
    const body = bodyOf<'resetPassword'>(ctx);
    const tokenHash = hashToken(config.secret, body.token);
    const invalidToken = () => problem(400, 'invalidToken', 'The reset link is invalid or has expired', { errors: [{ field: 'token', code: 'invalidToken' }] });
    const row = await one<{ user_id: string }>(
      db,
      `SELECT c.user_id FROM one_time_codes c JOIN users u ON u.id = c.user_id
       WHERE c.code_hash = ? AND c.kind = 'reset-password' AND c.user_id = ? AND c.used_at IS NULL AND c.expires_at >= ? AND u.deleted_at IS NULL`,
      [tokenHash, body.user_id, nowSeconds()],
    );
    if (!row) return invalidToken();
    const weak = weakPassword('new_password', body.new_password);
    if (weak) return weak;
    const consumed = await run(db, 'UPDATE one_time_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL', [new Date().toISOString(), tokenHash]);
    if (consumed !== 1) return invalidToken();
    // Every other reset link of the account dies with this one; the link proved the address.
    await run(db, "UPDATE one_time_codes SET used_at = ? WHERE user_id = ? AND kind = 'reset-password' AND used_at IS NULL", [
      new Date().toISOString(),
      row.user_id,
    ]);
    await run(db, 'UPDATE users SET password_hash = ?, email_verified = 1 WHERE id = ?', [await hashPassword(body.new_password), row.user_id]);
    await revokeUserSessions(db, row.user_id);
    // The link proved the account's address: the owner may sign in at once, whatever a guesser tried.
    const account = await one<{ email: string }>(db, 'SELECT email FROM users WHERE id = ?', [row.user_id]);
    if (account) await forgetFailures(db, accountKeysOf(config.secret, 'signIn', account.email));
    return noContent();
  },

  changePassword: async (ctx) => {
    const { db, config } = ctx;
    const session = requireSession(ctx);
    const body = bodyOf<'changePassword'>(ctx);
    const user = await userById(db, session.userId);
    if (!user) return problem(401, 'unauthenticated', 'Please sign in');
    const tries = accountKeysOf(config.secret, 'passwordChange', user.id);
    const wait = await refusedFor(db, tries);
    if (wait !== undefined) return tooManyAttempts(wait);
    if (!(await verifyPassword(body.old_password, user.password_hash))) {
      await recordFailure(db, tries);
      return problem(400, 'passwordIncorrect', 'The old password is wrong', { errors: [{ field: 'old_password', code: 'passwordIncorrect' }] });
    }
    await forgetFailures(db, tries);
    const weak = weakPassword('new_password', body.new_password);
    if (weak) return weak;
    await run(db, 'UPDATE users SET password_hash = ? WHERE id = ?', [await hashPassword(body.new_password), user.id]);
    // Other browsers signed in with the old password are signed out; this one stays.
    await run(db, 'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL', [
      new Date().toISOString(),
      user.id,
      session.sessionId,
    ]);
    return noContent();
  },

  resendEmailConfirmationLink: async (ctx) => {
    const { db, config, outbox } = ctx;
    const userId = bodyOf<'resendEmailConfirmationLink'>(ctx).user_id;
    // Every request counts, for any id, so the limit tells nothing about accounts (decision 28).
    const sends = accountKeysOf(config.secret, 'confirmationLinkSend', userId);
    const wait = await refusedFor(db, sends);
    if (wait !== undefined) return tooManyAttempts(wait);
    await recordFailure(db, sends);
    const user = await userById(db, userId);
    // 202 whatever the user_id is; a link only goes to an existing, unverified account.
    if (user && !user.deleted_at && user.email_verified !== 1) await sendVerificationLink(db, config, outbox, user);
    return accepted();
  },

  verifyEmail: async (ctx) => {
    const { db, config } = ctx;
    const userId = String(ctx.request.query.user_id ?? '');
    const token = String(ctx.request.query.token ?? '');
    const user = await userById(db, userId);
    if (!user || user.deleted_at) return problem(404, 'notFound', 'No such account');
    const tokenHash = hashToken(config.secret, token);
    const consumed = await run(
      db,
      "UPDATE one_time_codes SET used_at = ? WHERE code_hash = ? AND kind = 'verify-email' AND user_id = ? AND used_at IS NULL AND expires_at >= ?",
      [new Date().toISOString(), tokenHash, user.id, nowSeconds()],
    );
    // A used, expired or foreign token fails (the portal then shows /actions/verify-email/failed).
    if (consumed !== 1)
      return problem(400, 'invalidToken', 'The verification link is invalid, used or expired', { errors: [{ field: 'token', code: 'invalidToken' }] });
    await run(db, 'UPDATE users SET email_verified = 1 WHERE id = ?', [user.id]);
    return json(200, { userId: user.id, emailVerified: true });
  },

  checkAccountDelete: async (ctx) => {
    const user = await userById(ctx.db, requireSession(ctx).userId);
    const canDelete = user?.can_delete === 1;
    return json(200, canDelete ? { canDelete } : { canDelete, reason: 'deletionNotAllowed' });
  },

  deleteAccount: async (ctx) => {
    const { db, config, c } = ctx;
    const session = requireSession(ctx);
    const user = await userById(db, session.userId);
    if (!user) return problem(401, 'unauthenticated', 'Please sign in');
    const tries = accountKeysOf(config.secret, 'accountDeletion', user.id);
    const wait = await refusedFor(db, tries);
    if (wait !== undefined) return tooManyAttempts(wait);
    if (!(await verifyPassword(bodyOf<'deleteAccount'>(ctx).password, user.password_hash))) {
      await recordFailure(db, tries);
      return json(200, { success: false, passwordCorrect: false });
    }
    await forgetFailures(db, tries);
    if (user.can_delete !== 1) return json(200, { success: false, passwordCorrect: true });
    const now = new Date().toISOString();
    await run(db, 'UPDATE users SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL', [now, user.id]);
    await run(db, 'UPDATE one_time_codes SET used_at = ? WHERE user_id = ? AND used_at IS NULL', [now, user.id]);
    await revokeUserSessions(db, user.id);
    clearSessionCookies(c, config);
    return json(200, { success: true, passwordCorrect: true });
  },
};
