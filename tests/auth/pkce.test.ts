// @vitest-environment node
import fc from 'fast-check';

import { createCodeVerifier, verifierLength } from '#src/auth/pkce';

describe('PKCE verifier (SPEC.md 9: 96 characters)', () => {
  it('has 96 characters of the unreserved set', () => {
    expect(verifierLength).toBe(96);
    const verifier = createCodeVerifier();
    expect(verifier).toHaveLength(96);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{96}$/);
  });

  it('differs each time', () => {
    expect(new Set(Array.from({ length: 50 }, () => createCodeVerifier())).size).toBe(50);
  });

  it('keeps 96 characters for any random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 72, maxLength: 72 }), (bytes) => {
        const verifier = createCodeVerifier((target) => {
          target.set(bytes);
          return target;
        });
        return verifier.length === 96 && /^[A-Za-z0-9_-]+$/.test(verifier);
      }),
    );
  });
});
