import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { CancelContractScreen } from '#src/flows/cancel-contract/cancel-contract-screen';
import { terminationPolicyQuery } from '#src/api/queries/subscriptions';

/**
 * Cancel contracts here (§ 312k BGB; issue 10 item 6; decision 22): public, linked from every page's
 * footer; a visitor ends a subscription without signing in. The loader reads the attempt limit the
 * page states, and so gives a fresh browser the anonymous CSRF token the flow's POSTs need; a
 * failure there is no error page (the page goes on without the sentence).
 */
export const Route = createFileRoute('/cancel-contract')({
  loader: async ({ context: { queryClient, queries } }) => {
    await queryClient.ensureQueryData(terminationPolicyQuery(queries)).catch(() => undefined);
  },
  component: CancelContractPage,
});

function CancelContractPage() {
  const { queries } = Route.useRouteContext();
  const policy = useQuery(terminationPolicyQuery(queries)).data;
  return <CancelContractScreen policy={policy} />;
}
