import { Trans } from '@lingui/react/macro';
import { useState } from 'react';

import type { SessionHandle } from '#src/flows/session/session-handle';
import * as styles from './sign-in-button.css';

/**
 * The marketing header's Log in (SPEC.md 2.3, 6): a link to the portal in the design system's
 * button look, part of the start page from its first paint, without react-aria and without the
 * session machine's code (issue 14). Pressed before the page's scripts run (a slow phone, a
 * prerendered page), it simply opens the portal, whose guard starts the sign-in. Once they run, a
 * press loads the machine (at once if a link's preload has already loaded it) and starts the
 * sign-in from here, which saves the portal's page on the way. Until the browser leaves, a second
 * press does nothing; a failed download lets the customer press again. A press that opens a new
 * tab or window (Ctrl, Cmd, Shift, the middle button) stays the browser's.
 */
export function SignInButton({ session }: { session: SessionHandle }) {
  const [starting, setStarting] = useState(false);
  return (
    <a
      href={portalPath}
      className={styles.signInButton}
      data-sign-in=""
      aria-disabled={starting || undefined}
      onClick={(event) => {
        if (event.button || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        // Offline the sign-in page cannot be reached: the frame's offline notice says so (issue 29).
        if (starting || !navigator.onLine) return;
        setStarting(true);
        session.load().then(
          // Where the sign-in could not start (no WebCrypto, as on a page not served over https), the
          // portal's page for a failed sign-in says why and offers to try again.
          (actor) => actor.signIn(portalPath).then(() => window.location.assign(portalPath)),
          () => setStarting(false),
        );
      }}
    >
      <Trans id="common:header.login">Log in</Trans>
    </a>
  );
}

const portalPath = '/app/dashboard';
