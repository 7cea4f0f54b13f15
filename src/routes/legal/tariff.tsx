import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { LegalPage } from '../-shell/legal-page';

export const Route = createFileRoute('/legal/tariff')({ component: TariffPage });

function TariffPage() {
  return (
    <LegalPage
      title={<Trans id="legal:tariff.title">Tariff conditions</Trans>}
      sections={[
        {
          id: 'scope',
          title: <Trans id="legal:tariff.scope.title">Scope</Trans>,
          body: (
            <p>
              <Trans id="legal:tariff.scope.text">
                The ticket is valid on local and regional public transport in all of Germany, in second class, for the calendar month it names.
              </Trans>
            </p>
          ),
        },
        {
          id: 'holder',
          title: <Trans id="legal:tariff.holder.title">Personal ticket</Trans>,
          body: (
            <p>
              <Trans id="legal:tariff.holder.text">The ticket is personal and not transferable. Show it together with an official photo ID when asked.</Trans>
            </p>
          ),
        },
        {
          id: 'price',
          title: <Trans id="legal:tariff.price.title">Price and payment</Trans>,
          body: (
            <p>
              <Trans id="legal:tariff.price.text">
                The monthly price is charged in advance by direct debit or credit card. Employer and university variants may be subsidized.
              </Trans>
            </p>
          ),
        },
        {
          id: 'termination',
          title: <Trans id="legal:tariff.termination.title">Ending the subscription</Trans>,
          body: (
            <p>
              <Trans id="legal:tariff.termination.text">
                The subscription can be ended at the end of any month, as long as the termination arrives by the 10th of that month.
              </Trans>
            </p>
          ),
        },
      ]}
    />
  );
}
