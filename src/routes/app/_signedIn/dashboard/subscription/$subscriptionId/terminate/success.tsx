import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { terminateSuccessSearchSchema } from '#src/search/search-schemas';
import { subscriptionDetailsQuery } from '#src/api/queries/subscriptions';
import { formatDate } from '#src/i18n/format';
import { useLocale } from '#src/i18n/use-locale';
import { DonePage } from '#src/ui/done-page';

/**
 * The termination went through (SPEC.md 2.3, 4.4): the flow's `showSuccessPage` comes here with the
 * end date in the query; without one (a bookmark, an edited address) the subscription's own end date
 * is shown. The subscription number comes from its details.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/subscription/$subscriptionId/terminate/success')({
  validateSearch: terminateSuccessSearchSchema,
  loader: async ({ context: { queryClient, queries }, params }) => {
    await queryClient.ensureQueryData(subscriptionDetailsQuery(queries, params.subscriptionId)).catch(() => undefined);
  },
  component: TerminateSuccessPage,
});

function TerminateSuccessPage() {
  const { subscriptionId } = Route.useParams();
  const search = Route.useSearch();
  const { queries } = Route.useRouteContext();
  const locale = useLocale();
  const details = useQuery(subscriptionDetailsQuery(queries, subscriptionId)).data;
  const end = search.date ?? details?.terminate_date ?? undefined;
  const date = end ? formatDate(end, locale) : undefined;
  const subscriptionNumber = details?.subscriptionNumber;
  return (
    <DonePage
      title={<Trans id="terminationRequest:success.title">Your subscription has been terminated</Trans>}
      linkHref="/app/dashboard/tickets"
      linkLabel={<Trans id="terminationRequest:success.toTickets">Go to my tickets</Trans>}
    >
      <p>
        {date && subscriptionNumber ? (
          <Trans id="terminationRequest:success.descriptionWithNumber">
            Subscription {subscriptionNumber} ends on {date}. Your tickets stay valid until then, and the monthly price is no longer charged after that.
          </Trans>
        ) : date ? (
          <Trans id="terminationRequest:success.description">
            Your subscription ends on {date}. Your tickets stay valid until then, and the monthly price is no longer charged after that.
          </Trans>
        ) : (
          <Trans id="terminationRequest:success.descriptionWithoutDate">
            Your tickets stay valid until the end date, and the monthly price is no longer charged after that.
          </Trans>
        )}
      </p>
      <p>
        <Trans id="terminationRequest:success.withdrawHint">
          We have sent you a confirmation by email. Changed your mind? You can withdraw the termination from your tickets list until the end date.
        </Trans>
      </p>
    </DonePage>
  );
}
