import { createFileRoute } from '@tanstack/react-router';

import { VerifyEmailScreen } from '#src/flows/verify-email/verify-email-screen';
import { verifyEmailSearchSchema } from '#src/search/search-schemas';

/**
 * The link of the verification mail (SPEC.md 2.2, 4.5): /actions/verify-email?user_id&token. The
 * loader waits until the session is known, which decides where a confirmation goes (signed in: My
 * data with the notice; signed out: the success page with the way to sign in). The flow checks the
 * link (src/flows/verify-email/).
 */
export const Route = createFileRoute('/actions/verify-email/')({
  validateSearch: verifyEmailSearchSchema,
  loader: async ({ context: { session } }) => {
    const snapshot = await session.settled();
    return { signedIn: snapshot.matches('signedIn') || snapshot.matches('refreshing') };
  },
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { user_id: userId, token } = Route.useSearch();
  const { signedIn } = Route.useLoaderData();
  return <VerifyEmailScreen input={{ page: 'verify', userId, token, signedIn }} />;
}
