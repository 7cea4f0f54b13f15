import { calculatePKCECodeChallenge, generateRandomState } from 'oauth4webapi';

/** SPEC.md section 9: the code verifier has 96 characters (RFC 7636 allows 43 to 128). */
export const verifierLength = 96;

/**
 * A 96-character verifier from 72 random bytes, base64url (unreserved characters only).
 * oauth4webapi's own generator makes 43 characters, so only the randomness source differs.
 */
export function createCodeVerifier(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array((verifierLength * 3) / 4));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export { calculatePKCECodeChallenge as codeChallengeFor, generateRandomState as createState };
