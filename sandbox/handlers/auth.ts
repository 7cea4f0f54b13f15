import { randomUUID } from 'node:crypto';

import { getCookie } from 'hono/cookie';
import * as v from 'valibot';

import { emailSchema, passwordProblems } from '#src/domain/account-rules';
import type { SandboxConfig } from '../config';
import { all, type Database, one, run } from '../db/database';
import { bodyOf, type HandlerContext, type Handlers, requireSession } from '../handler';
import { type FieldProblem, json, noContent, problem, redirect } from '../http';
import {
  autoSignInGrant,
  checkAuthorizeRequest,
  exchangeAuthorizationCode,
  exchangeAutoSignInCode,
  issueAuthorizationCode,
  issueAutoSignInCode,
  oauthError,
  portalPaths,
  portalUrl,
  refreshSession,
  tokenSuccess,
} from '../oauth';
import type { Outbox } from '../outbox';
import { signInReply } from '../pages/sign-in-page';
import { hashPassword, hashToken, randomToken } from '../security';
import { clearSessionCookies, cookieNames, revokeSession } from '../session';

/** How long an email verification link stays valid. */
const verifyLinkTtlSeconds = 7 * 24 * 3600;

/** The order of the company list. */
export const companyOrder = new Intl.Collator('de-DE', { sensitivity: 'base', numeric: true });

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A user that is not deleted holds this address (addresses compare case-insensitively). */
export async function addressInUse(db: Database, email: string): Promise<boolean> {
  return Boolean(await one(db, 'SELECT id FROM users WHERE email = ? AND deleted_at IS NULL', [email]));
}

/**
 * A deleted account keeps its address (so a password reset for it can be refused with 403) until
 * someone registers it or changes to it again: then the old row lets go of it.
 */
export async function releaseAddressOfDeletedAccount(db: Database, email: string): Promise<void> {
  await run(db, "UPDATE users SET email = 'deleted-' || id || '@deleted.invalid' WHERE email = ? AND deleted_at IS NOT NULL", [email]);
}

/** Mails a new verification link into the outbox (`/actions/verify-email?user_id&token` of the portal). */
export async function sendVerificationLink(db: Database, config: SandboxConfig, outbox: Outbox, user: { id: string; email: string }): Promise<void> {
  const token = randomToken();
  await run(db, "INSERT INTO one_time_codes (code_hash, kind, user_id, expires_at) VALUES (?, 'verify-email', ?, ?)", [
    hashToken(config.secret, token),
    user.id,
    nowSeconds() + verifyLinkTtlSeconds,
  ]);
  const link = portalUrl(config, portalPaths.verifyEmail, { user_id: user.id, token });
  await outbox.send({
    to: user.email,
    kind: 'verify-email',
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse / Please confirm your email address',
    body: `Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link:\n${link}\n\nPlease confirm your email address with this link:\n${link}\n\nDer Link ist 7 Tage gültig. / The link is valid for 7 days.`,
    link,
  });
}

function queryValues(ctx: HandlerContext) {
  return (name: string): string[] => {
    const value = ctx.request.query[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [String(value)];
  };
}

/** Operations of the contract's "auth" area. */
export const authHandlers: Handlers = {
  register: async (ctx) => {
    const { db, config, outbox } = ctx;
    const body = bodyOf<'register'>(ctx);
    const errors: FieldProblem[] = [];
    const email = v.safeParse(emailSchema, body.username);
    if (!email.success) errors.push({ field: 'username', code: email.issues[0].message });
    for (const code of passwordProblems(String(body.password))) errors.push({ field: 'password', code });
    if (body.client_id !== config.clientId) errors.push({ field: 'client_id', code: 'invalidClient' });
    if (body.has_agreed_to_privacy_policy !== true) errors.push({ field: 'has_agreed_to_privacy_policy', code: 'privacyStatementRequired' });
    let product = 'deuti';
    const companyId = body.company_id?.trim();
    if (companyId) {
      const company = await one<{ product: string }>(db, 'SELECT product FROM companies WHERE id = ?', [companyId]);
      if (company) product = company.product;
      else errors.push({ field: 'company_id', code: 'companyIdNotFound' });
    }
    if (errors.length > 0) {
      const code = errors.length === 1 && errors[0]?.code === 'companyIdNotFound' ? 'companyIdNotFound' : 'validationFailed';
      return problem(400, code, 'The registration is invalid', { errors });
    }
    const address = email.output as string;
    const inUse = () =>
      problem(409, 'mailAddressAlreadyExists', 'This email address is already registered', {
        errors: [{ field: 'username', code: 'mailAddressAlreadyExists' }],
      });
    if (await addressInUse(db, address)) return inUse();
    await releaseAddressOfDeletedAccount(db, address);

    const userId = `user-${randomUUID()}`;
    const affiliate = typeof ctx.request.query.affiliate === 'string' ? ctx.request.query.affiliate : null;
    try {
      await run(
        db,
        `INSERT INTO users (id, email, password_hash, email_verified, product, company_id, has_agreed_to_privacy_policy, has_agreed_to_newsletter, affiliate, created_at)
         VALUES (?, ?, ?, 0, ?, ?, 1, ?, ?, ?)`,
        [
          userId,
          address,
          await hashPassword(String(body.password)),
          product,
          companyId || null,
          body.has_agreed_to_newsletter ? 1 : 0,
          affiliate,
          new Date().toISOString(),
        ],
      );
    } catch (error) {
      // Two registrations of one address raced: the UNIQUE index lets only one through.
      if (/UNIQUE/i.test(String(error))) return inUse();
      throw error;
    }
    await sendVerificationLink(db, config, outbox, { id: userId, email: address });
    const auto = await issueAutoSignInCode(db, config, userId);
    return json(201, { user_id: userId, auto_sign_in_code: auto.code, expires_in: auto.expiresIn });
  },

  checkEmail: async (ctx) => {
    const { email } = bodyOf<'checkEmail'>(ctx);
    return json(200, { is_already_in_use: await addressInUse(ctx.db, email.trim()) });
  },

  getUserInfo: async (ctx) => {
    const session = requireSession(ctx);
    const user = await one<{
      id: string;
      email: string;
      email_verified: number;
      first_name: string | null;
      last_name: string | null;
      product: string;
      company_id: string | null;
    }>(ctx.db, 'SELECT id, email, email_verified, first_name, last_name, product, company_id FROM users WHERE id = ?', [session.userId]);
    if (!user) return problem(401, 'unauthenticated', 'Please sign in');
    return json(200, {
      sub: user.id,
      email: user.email,
      email_verified: user.email_verified === 1,
      ...(user.first_name ? { given_name: user.first_name } : {}),
      ...(user.last_name ? { family_name: user.last_name } : {}),
      product: user.product,
      company_id: user.company_id,
    });
  },

  listCompanies: async (ctx) => {
    const product = typeof ctx.request.query.product === 'string' ? ctx.request.query.product : null;
    const rows = await all<{ id: string; name: string }>(ctx.db, 'SELECT id, name FROM companies WHERE (? IS NULL OR product = ?)', [product, product]);
    // Sorted by name as a German reader expects it (umlauts beside their base letter).
    return json(
      200,
      rows.sort((a, b) => companyOrder.compare(a.name, b.name) || companyOrder.compare(a.id, b.id)).map(({ id, name }) => ({ id, name })),
    );
  },

  getCompany: async (ctx) => {
    const id = String(ctx.request.params.id ?? '').trim();
    const company = await one<{ id: string; name: string }>(ctx.db, 'SELECT id, name FROM companies WHERE id = ?', [id]);
    if (!company) return problem(404, 'companyIdNotFound', 'No company has this id', { errors: [{ field: 'id', code: 'companyIdNotFound' }] });
    return json(200, { id: company.id, name: company.name });
  },

  authorize: async (ctx) => {
    // sandbox/oauth.ts's guard already answered bad clients and reportable errors; checked again here.
    const verdict = checkAuthorizeRequest(queryValues(ctx), ctx.config);
    if (verdict.kind === 'refused') return verdict.reply;
    if (verdict.kind === 'redirect') return redirect(verdict.location);
    // Signed in already: no page, straight back with a code.
    if (ctx.session) return redirect(await issueAuthorizationCode(ctx.db, ctx.config, ctx.session.userId, verdict.params));
    return signInReply(ctx.c, ctx.config, verdict.params);
  },

  requestToken: async (ctx) => {
    const { db, config, c } = ctx;
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
    if (field('client_id') !== config.clientId) return oauthError('invalid_client', 'Unknown client');
    let outcome;
    switch (field('grant_type')) {
      case 'authorization_code':
        outcome = await exchangeAuthorizationCode(db, config, {
          code: field('code') ?? '',
          codeVerifier: field('code_verifier') ?? '',
          redirectUri: field('redirect_uri') ?? '',
          clientId: field('client_id') ?? '',
        });
        break;
      case 'refresh_token': {
        const refreshToken = field('refresh_token') ?? getCookie(c, cookieNames.refresh);
        if (!refreshToken) return oauthError('invalid_request', 'No refresh token: neither the field nor the portal_refresh cookie');
        outcome = await refreshSession(db, config, refreshToken);
        break;
      }
      case autoSignInGrant:
        outcome = await exchangeAutoSignInCode(db, config, field('auto_sign_in_code') ?? '');
        break;
      default:
        return oauthError('unsupported_grant_type', 'This grant type is not supported');
    }
    if (!outcome.ok) return oauthError(outcome.error, outcome.description);
    return tokenSuccess(c, config, outcome.issued, outcome.scope);
  },

  logout: async (ctx) => {
    const { db, config, c } = ctx;
    if (ctx.session) await revokeSession(db, ctx.session.sessionId);
    // An expired access token: the refresh cookie still names the session.
    const refreshToken = getCookie(c, cookieNames.refresh);
    if (refreshToken) {
      const row = await one<{ session_id: string }>(db, "SELECT session_id FROM tokens WHERE token_hash = ? AND kind = 'refresh'", [
        hashToken(config.secret, refreshToken),
      ]);
      if (row) await revokeSession(db, row.session_id);
    }
    clearSessionCookies(c, config);
    return noContent();
  },
};
