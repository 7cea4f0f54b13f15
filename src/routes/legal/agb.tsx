import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { LegalPage } from '../-shell/legal-page';

export const Route = createFileRoute('/legal/agb')({ component: AgbPage });

function AgbPage() {
  return (
    <LegalPage
      title={<Trans id="agb:title">General terms and conditions</Trans>}
      sections={[
        {
          id: 'contract',
          title: <Trans id="agb:contract.title">Conclusion of the contract</Trans>,
          body: (
            <p>
              <Trans id="agb:contract.text">The contract is concluded when the order is confirmed by email. The customer must be at least 6 years old.</Trans>
            </p>
          ),
        },
        {
          id: 'duration',
          title: <Trans id="agb:duration.title">Duration</Trans>,
          body: (
            <p>
              <Trans id="agb:duration.text">The subscription runs month by month for an indefinite period until it is ended.</Trans>
            </p>
          ),
        },
        {
          id: 'withdrawal',
          title: <Trans id="agb:withdrawal.title">Right of withdrawal</Trans>,
          body: (
            <p>
              <Trans id="agb:withdrawal.text">
                Consumers may withdraw from the contract within 14 days without giving reasons, unless the ticket has already been used.
              </Trans>
            </p>
          ),
        },
        {
          id: 'liability',
          title: <Trans id="agb:liability.title">Liability</Trans>,
          body: (
            <p>
              <Trans id="agb:liability.text">The statutory provisions apply, including the passenger rights for delays and cancellations.</Trans>
            </p>
          ),
        },
      ]}
    />
  );
}
