import { headerSessionControls } from '#src/routes/-shell/header-session';

/**
 * What the marketing header shows for the session (src/routes/-shell/header-session.ts). The start
 * page loads the session machine only where there may be a session (issue 14), so before the
 * machine has come the header decides by the expiry cookie alone.
 */
describe("the header's session controls", () => {
  it('offer Log in before the machine has come only where nobody can be signed in', () => {
    expect(headerSessionControls(undefined, true)).toBe('logIn');
    expect(headerSessionControls(undefined, false)).toBe('none');
  });

  it('keep that while the machine reads the cookie, so Log in does not disappear when it comes', () => {
    expect(headerSessionControls('initializing', true)).toBe('logIn');
    expect(headerSessionControls('initializing', false)).toBe('none');
  });

  it('show the portal and Log out while signed in, renewing or logging out, whatever the cookie said before', () => {
    for (const state of ['signedIn', 'refreshing', 'signingOut'] as const) {
      expect(headerSessionControls(state, false)).toBe('signedIn');
      expect(headerSessionControls(state, true)).toBe('signedIn');
    }
  });

  it('offer Log in in every other state of the machine', () => {
    for (const state of ['signedOut', 'authorizing', 'exchangingCode', 'autoSigningIn', 'failed'] as const) {
      expect(headerSessionControls(state, false)).toBe('logIn');
    }
  });
});
