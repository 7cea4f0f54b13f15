import { Trans } from '@lingui/react/macro';
import { createFileRoute, useRouteContext } from '@tanstack/react-router';

import { Link } from '#src/ui/link';
import { LegalPage } from '../-shell/legal-page';
import { OperatorAddress, PhoneLink } from '../-shell/operator';

export const Route = createFileRoute('/legal/imprint')({ component: ImprintPage });

/**
 * The imprint a German online service owes (§ 5 DDG), from the operator's details in config.json
 * (`operator`, `supportEmail`); the statement on consumer dispute resolution (§ 36 VSBG) is a sample
 * the operator replaces, as on the other legal pages.
 */
function ImprintPage() {
  const { config } = useRouteContext({ from: '__root__' });
  const { operator } = config;
  return (
    <LegalPage
      title={<Trans id="imprint:title">Imprint</Trans>}
      sections={[
        {
          id: 'provider',
          title: <Trans id="imprint:provider.title">Provider</Trans>,
          body: <OperatorAddress operator={operator} />,
        },
        {
          id: 'represented',
          title: <Trans id="imprint:representedBy.title">Represented by</Trans>,
          body: <p>{operator.representedBy}</p>,
        },
        {
          id: 'contact',
          title: <Trans id="imprint:contact.title">Contact</Trans>,
          body: (
            <ul>
              <li>
                <Trans id="imprint:contact.phone">Phone:</Trans> <PhoneLink phone={operator.phone} />
              </li>
              <li>
                <Trans id="imprint:contact.email">Email:</Trans> <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
              </li>
              <li>
                <Link href="/contact">
                  <Trans id="imprint:contact.page">All ways to reach us</Trans>
                </Link>
              </li>
            </ul>
          ),
        },
        ...(operator.register || operator.vatId
          ? [
              {
                id: 'register',
                title: <Trans id="imprint:register.title">Register and VAT</Trans>,
                body: (
                  <ul>
                    {operator.register ? (
                      <li>
                        <Trans id="imprint:register.entry">Register entry:</Trans> {operator.register}
                      </li>
                    ) : null}
                    {operator.vatId ? (
                      <li>
                        <Trans id="imprint:register.vatId">VAT identification number (§ 27 a UStG):</Trans> {operator.vatId}
                      </li>
                    ) : null}
                  </ul>
                ),
              },
            ]
          : []),
        {
          id: 'disputes',
          title: <Trans id="imprint:disputes.title">Consumer dispute resolution</Trans>,
          body: (
            <p>
              <Trans id="imprint:disputes.text">
                We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board. For disputes about public
                transport you may turn to the conciliation body for public transport (söp).
              </Trans>
            </p>
          ),
        },
      ]}
    />
  );
}
