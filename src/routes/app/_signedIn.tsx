import { Trans } from '@lingui/react/macro';
import { createFileRoute, Outlet, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';

import { KeptTicketsProvider } from '#src/flows/offline-ticket/kept-tickets';
import { useOnline } from '#src/ui/use-online';

import { SessionEndedNotice } from '../-shell/session-ended-notice';

/**
 * Every path under /app needs sign-in (SPEC.md 2.1). An anonymous visitor is sent to the
 * authorization server and comes back to the page they asked for; offline, where that server
 * cannot be reached, the pages open with what the device keeps (issue 29).
 */
export const Route = createFileRoute('/app/_signedIn')({
  beforeLoad: async ({ context, location }) => {
    const snapshot = await context.session.settled();
    // Offline the sign-in page cannot be reached: the pages show what this device keeps (the
    // ticket, issue 29) and say what waits for the network (-shell/offline-notice.tsx).
    if (snapshot.matches('signedOut') && navigator.onLine) {
      // The browser is on its way to the sign-in page: this route stays pending until it leaves, or
      // until starting the sign-in failed (no WebCrypto, as on a page not served over https): the
      // layout then says so (SessionEndedNotice) instead of "Taking you…" for ever.
      await context.session.get().signIn(location.href);
    }
  },
  pendingComponent: RedirectingToSignIn,
  component: SignedInLayout,
});

function SignedInLayout() {
  const { session } = useRouteContext({ from: '__root__' });
  const failed = useSelector(session.get(), (state) => state.matches('failed'));
  const online = useOnline();
  // A session that could not be renewed offline is no ended session yet: the ticket kept on the device stays in reach.
  if (failed && online) return <SessionEndedNotice />;
  return (
    <KeptTicketsProvider>
      <Outlet />
    </KeptTicketsProvider>
  );
}

function RedirectingToSignIn() {
  return (
    <p role="status">
      <Trans id="common:session.redirecting">Taking you to the sign-in page…</Trans>
    </p>
  );
}
