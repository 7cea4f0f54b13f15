import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { waitFor } from 'xstate';

import { defaultReturnPath } from '#src/auth/return-path';
import { SessionEndedNotice } from '#src/routes/-shell/session-ended-notice';

/** The sign-in return (SPEC.md 2.1): checks the answer, exchanges the code, goes on. */
export const Route = createFileRoute('/app/oauth/callback')({
  component: CallbackPage,
});

function CallbackPage() {
  const session = useRouteContext({ from: '__root__' }).session.get();
  const navigate = useNavigate();
  const state = useSelector(session, (snapshot) => snapshot.value);
  const returnTo = useSelector(session, (snapshot) => snapshot.context.returnTo);

  useEffect(() => {
    // Once the session knows where it stands; the machine ignores a second callback while it exchanges.
    const url = window.location.href;
    void waitFor(session, (snapshot) => !snapshot.matches('initializing')).then((snapshot) => {
      if (snapshot.can({ type: 'session.callback', url })) session.send({ type: 'session.callback', url });
    });
  }, [session]);

  useEffect(() => {
    // `replace`: the code must not stay in the history.
    if (state === 'signedIn') void navigate({ href: returnTo ?? defaultReturnPath, replace: true });
  }, [state, returnTo, navigate]);

  if (state === 'failed') return <SessionEndedNotice />;
  return (
    <p role="status">
      <Trans id="common:session.signingIn">Signing you in…</Trans>
    </p>
  );
}
