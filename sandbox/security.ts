import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** A random token, base64url: 32 bytes make 43 characters. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens and codes are stored as keyed hashes, never as they are. */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export function sha256Base64Url(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** scrypt with a random salt: `scrypt$<salt>$<hash>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), 32);
  return safeEqual(actual.toString('base64url'), hash);
}

/**
 * A CSRF token bound to a session (or, before sign-in, to an anonymous browser id):
 * `<nonce>.<HMAC(binding.nonce)>`. Only the server can make one that fits a binding.
 */
export function makeCsrfToken(secret: string, binding: string): string {
  const nonce = randomToken(16);
  return `${nonce}.${createHmac('sha256', secret).update(`${binding}.${nonce}`).digest('base64url')}`;
}

export function csrfTokenFits(secret: string, binding: string, token: string): boolean {
  const [nonce, signature] = token.split('.');
  if (!nonce || !signature) return false;
  return safeEqual(createHmac('sha256', secret).update(`${binding}.${nonce}`).digest('base64url'), signature);
}
