import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';

import type { SessionActor } from '#src/flows/session/session-actor';
import { Button } from '#src/ui/button';
import { Link } from '#src/ui/link';
import { headerSessionControls } from './header-session';
import * as styles from './portal-layout.css';

/**
 * The marketing header's controls of a signed-in customer (SPEC.md 2.3, 6): the portal button to the
 * dashboard and Logout; nothing otherwise (Log in is `SignInButton`, which needs no machine).
 * Loaded where somebody may be signed in (header-session.ts), and mounted from then on, so the way to
 * the start page after Logout is taken when the machine is signed out.
 */
export function SessionButtons({ session }: { session: SessionActor }) {
  const navigate = useNavigate();
  const state = useSelector(session, (snapshot) => snapshot.value);
  /** Logout was pressed here (a sign-out another flow starts, e.g. after deleting the account, goes where that flow says). */
  const loggingOut = useRef(false);

  useEffect(() => {
    // After logout, leave the signed-in area for the start page.
    if (loggingOut.current && state === 'signedOut') void navigate({ to: '/' });
    if (state !== 'signingOut') loggingOut.current = false;
  }, [state, navigate]);

  if (headerSessionControls(state, false) !== 'signedIn') return null;
  return (
    <div className={styles.sessionButtons}>
      <Link href="/app/dashboard" className={styles.portalButton}>
        <Trans id="common:header.portal">My portal</Trans>
      </Link>
      <Button
        variant="secondary"
        size="sm"
        isLoading={state === 'signingOut'}
        onPress={() => {
          loggingOut.current = true;
          session.send({ type: 'session.signOut' });
        }}
      >
        <Trans id="common:header.logout">Log out</Trans>
      </Button>
    </div>
  );
}
