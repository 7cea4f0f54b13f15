import { createFileRoute } from '@tanstack/react-router';

import { countriesQuery } from '#src/api/queries/countries';
import { VerifyEmailScreen } from '#src/flows/verify-email/verify-email-screen';
import { verifyEmailFailedSearchSchema } from '#src/search/search-schemas';

/**
 * Failed email verification (SPEC.md 2.2, 8): /actions/verify-email/failed?user_id, with the way to
 * have a new link sent. A browser that comes here first (not from the link's check) has no CSRF
 * token yet, which the request for a new link needs: the loader's read of the country list (public,
 * small, cached) gives it one; a failure there is no error page.
 */
export const Route = createFileRoute('/actions/verify-email/failed')({
  validateSearch: verifyEmailFailedSearchSchema,
  loader: async ({ context: { queryClient, queries } }) => {
    await queryClient.ensureQueryData(countriesQuery(queries)).catch(() => undefined);
  },
  component: VerifyEmailFailedPage,
});

function VerifyEmailFailedPage() {
  const { user_id: userId } = Route.useSearch();
  return <VerifyEmailScreen input={{ page: 'failed', userId, token: undefined, signedIn: false }} />;
}
