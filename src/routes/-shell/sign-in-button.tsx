import { Trans } from '@lingui/react/macro';
import { useState } from 'react';

import type { SessionHandle } from '#src/flows/session/session-handle';
import * as styles from './sign-in-button.css';

/**
 * The marketing header's Log in (SPEC.md 2.3, 6): a native button in the design system's look, so
 * it is part of the start page from its first paint, without react-aria and without the session
 * machine's code (issue 14). A press loads the machine (at once if a link's preload has already
 * loaded it) and starts the sign-in, which leaves the page for the sign-in page. Until then a
 * second press does nothing; a failed download lets the customer press again.
 */
export function SignInButton({ session }: { session: SessionHandle }) {
  const [starting, setStarting] = useState(false);
  return (
    <button
      type="button"
      className={styles.signInButton}
      data-sign-in=""
      aria-disabled={starting || undefined}
      onClick={() => {
        // Offline the sign-in page cannot be reached: the frame's offline notice says so (issue 29).
        if (starting || !navigator.onLine) return;
        setStarting(true);
        session.load().then(
          // Where the sign-in could not start (no WebCrypto, as on a page not served over https), the
          // portal's page for a failed sign-in says why and offers to try again.
          (actor) => actor.signIn('/app/dashboard').then(() => window.location.assign('/app/dashboard')),
          () => setStarting(false),
        );
      }}
    >
      <Trans id="common:header.login">Log in</Trans>
    </button>
  );
}
