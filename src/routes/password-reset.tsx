import { createFileRoute } from '@tanstack/react-router';

import { PasswordResetScreen } from '#src/flows/password-reset/password-reset-screen';
import { passwordResetSearchSchema, resetLinkOf } from '#src/search/search-schemas';

/**
 * The password reset (SPEC.md 2.2, 2.3, 4.5; issue 11): public, signed in or not. Without a query it
 * asks for a link (the sandbox's sign-in page links here, "Passwort vergessen?"); the reset mail's
 * link adds `user_id` and `token`, which the flow reads once at the start and then removes from
 * the address bar. Keep the path: the sandbox builds its links with it (sandbox/oauth.ts).
 */
export const Route = createFileRoute('/password-reset')({
  validateSearch: passwordResetSearchSchema,
  component: PasswordResetPage,
});

function PasswordResetPage() {
  const search = Route.useSearch();
  const { config } = Route.useRouteContext();
  // The flow reads the link when it starts; after it hid the link, the query is empty.
  return <PasswordResetScreen link={resetLinkOf(search)} supportEmail={config.supportEmail} />;
}
