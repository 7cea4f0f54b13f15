import { Trans } from '@lingui/react/macro';
import { createFileRoute, Outlet, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';

import { SessionEndedNotice } from '../-shell/session-ended-notice';

/**
 * Every path under /app needs sign-in (SPEC.md 2.1). An anonymous visitor is sent to the
 * authorization server and comes back to the page they asked for.
 */
export const Route = createFileRoute('/app/_signedIn')({
  beforeLoad: async ({ context, location }) => {
    const snapshot = await context.session.settled();
    if (snapshot.matches('signedOut')) {
      context.session.get().send({ type: 'session.signIn', returnTo: location.href });
      // The browser is on its way to the sign-in page: keep this route pending until it leaves.
      await new Promise<never>(() => {});
    }
  },
  pendingComponent: RedirectingToSignIn,
  component: SignedInLayout,
});

function SignedInLayout() {
  const { session } = useRouteContext({ from: '__root__' });
  const failed = useSelector(session.get(), (state) => state.matches('failed'));
  if (failed) return <SessionEndedNotice />;
  return <Outlet />;
}

function RedirectingToSignIn() {
  return (
    <p role="status">
      <Trans id="common:session.redirecting">Taking you to the sign-in page…</Trans>
    </p>
  );
}
