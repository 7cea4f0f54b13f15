import { type AuthorizationServer, type Client, validateAuthResponse } from 'oauth4webapi';

import type { ApiClient } from '../api/client';
import type { RuntimeConfig } from '../config/runtime-config';
import { codeChallengeFor, createCodeVerifier, createState } from './pkce';
import { callbackPath, safeReturnPath } from './return-path';

/** SPEC.md 4.7 and 9. */
export const scope = 'openid profile email offline_access';

const transactionKey = 'portal.oauth.transaction';

/** What must survive the trip to the authorization server: nothing secret beyond this sign-in. */
interface Transaction {
  state: string;
  verifier: string;
  returnTo: string | undefined;
}

export interface AuthEnvironment {
  config: RuntimeConfig;
  /** The portal's origin, e.g. http://localhost:5173. */
  origin: string;
  /** sessionStorage: per tab, gone with the tab. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  api: ApiClient;
  locale: string;
}

/** A failure the session machine turns into a message. */
export class SignInError extends Error {
  constructor(
    readonly code: 'callbackRefused' | 'exchangeFailed' | 'autoSignInFailed' | 'refreshFailed',
    detail?: string,
  ) {
    super(detail ?? code);
    this.name = 'SignInError';
  }
}

function endpoints(env: AuthEnvironment): { as: AuthorizationServer; client: Client; redirectUri: string } {
  const issuer = env.origin;
  return {
    as: {
      issuer,
      authorization_endpoint: new URL(env.config.oauth.authorizePath, env.origin).href,
      token_endpoint: new URL(env.config.oauth.tokenPath, env.origin).href,
    },
    client: { client_id: env.config.oauth.clientId },
    redirectUri: `${env.origin}${callbackPath}`,
  };
}

/** Builds the authorize URL (PKCE S256, state) and remembers the transaction for the callback. */
export async function beginAuthorization(env: AuthEnvironment, returnTo: string | undefined): Promise<string> {
  const { as, client, redirectUri } = endpoints(env);
  const verifier = createCodeVerifier();
  const state = createState();
  const transaction: Transaction = { state, verifier, returnTo: safeReturnPath(returnTo, env.origin) };
  env.storage.setItem(transactionKey, JSON.stringify(transaction));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: await codeChallengeFor(verifier),
    code_challenge_method: 'S256',
    ui_locales: env.locale,
  }).toString();
  return url.href;
}

/** The transaction of this tab, removed as it is read: the callback leaves nothing behind. */
function takeTransaction(env: AuthEnvironment): Transaction | undefined {
  const raw = env.storage.getItem(transactionKey);
  env.storage.removeItem(transactionKey);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<Transaction>;
    if (typeof parsed.state !== 'string' || typeof parsed.verifier !== 'string') return undefined;
    return { state: parsed.state, verifier: parsed.verifier, returnTo: typeof parsed.returnTo === 'string' ? parsed.returnTo : undefined };
  } catch {
    return undefined;
  }
}

export interface SignedIn {
  expiresAt: number;
  /** Seconds the session lasts, from the token answer (measured on no clock). */
  expiresIn: number;
  returnTo?: string;
}

/**
 * At /app/oauth/callback: the state must be this tab's, the answer must carry a code, the return
 * path must be ours; then the code and verifier are exchanged for the session cookies.
 */
export async function completeAuthorization(env: AuthEnvironment, callbackUrl: string): Promise<SignedIn> {
  const { as, client, redirectUri } = endpoints(env);
  const transaction = takeTransaction(env);
  if (!transaction) throw new SignInError('callbackRefused', 'no sign-in was started in this tab');
  let parameters: URLSearchParams;
  try {
    parameters = validateAuthResponse(as, client, new URL(callbackUrl), transaction.state);
  } catch (error) {
    throw new SignInError('callbackRefused', String(error));
  }
  const code = parameters.get('code');
  if (!code) throw new SignInError('callbackRefused', 'no code');
  // Only a same-origin path under /app; anything else was tampered with.
  const returnTo = transaction.returnTo === undefined ? undefined : safeReturnPath(transaction.returnTo, env.origin);
  if (transaction.returnTo !== undefined && returnTo === undefined) throw new SignInError('callbackRefused', 'foreign return path');
  const result = await env.api.POST('/api/v2/auth/authorization/token', {
    body: { grant_type: 'authorization_code', code, code_verifier: transaction.verifier, redirect_uri: redirectUri, client_id: client.client_id },
    bodySerializer: formEncode,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (!result.data) throw new SignInError('exchangeFailed', `token endpoint answered ${result.response.status}`);
  return { expiresAt: result.data.expires_at, expiresIn: result.data.expires_in, ...(returnTo ? { returnTo } : {}) };
}

/** The auto sign-in grant right after registration. */
export async function autoSignIn(env: AuthEnvironment, autoSignInCode: string): Promise<SignedIn> {
  const result = await env.api.POST('/api/v2/auth/authorization/token', {
    body: { grant_type: 'urn:portal:params:oauth:grant-type:auto-sign-in', auto_sign_in_code: autoSignInCode, client_id: env.config.oauth.clientId },
    bodySerializer: formEncode,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (!result.data) throw new SignInError('autoSignInFailed', `token endpoint answered ${result.response.status}`);
  return { expiresAt: result.data.expires_at, expiresIn: result.data.expires_in };
}

/** Rotates the refresh token (it travels in its HttpOnly cookie; this code never sees it). */
export async function refreshSession(env: Pick<AuthEnvironment, 'api' | 'config'>): Promise<SignedIn> {
  const result = await env.api.POST('/api/v2/auth/authorization/token', {
    body: { grant_type: 'refresh_token', client_id: env.config.oauth.clientId },
    bodySerializer: formEncode,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  if (!result.data) throw new SignInError('refreshFailed', `token endpoint answered ${result.response.status}`);
  return { expiresAt: result.data.expires_at, expiresIn: result.data.expires_in };
}

export async function signOut(env: Pick<AuthEnvironment, 'api'>): Promise<void> {
  await env.api.POST('/api/v2/auth/authorization/logout');
}

function formEncode(body: unknown): string {
  return new URLSearchParams(Object.entries(body as Record<string, string>)).toString();
}
