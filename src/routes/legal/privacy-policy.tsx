import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { LegalPage } from '../-shell/legal-page';

export const Route = createFileRoute('/legal/privacy-policy')({ component: PrivacyPage });

function PrivacyPage() {
  return (
    <LegalPage
      title={<Trans id="legal:privacy.title">Privacy policy</Trans>}
      sections={[
        {
          id: 'controller',
          title: <Trans id="legal:privacy.controller.title">Controller</Trans>,
          body: (
            <p>
              <Trans id="legal:privacy.controller.text">The transport company named in the imprint is responsible for the processing of your data.</Trans>
            </p>
          ),
        },
        {
          id: 'data',
          title: <Trans id="legal:privacy.data.title">What we process and why</Trans>,
          body: (
            <p>
              <Trans id="legal:privacy.data.text">
                Name, birthdate, address, email and payment data, to provide the subscription (Art. 6 (1) b GDPR). Marketing emails only with your consent.
              </Trans>
            </p>
          ),
        },
        {
          id: 'storage',
          title: <Trans id="legal:privacy.storage.title">Cookies and storage</Trans>,
          body: (
            <p>
              <Trans id="legal:privacy.storage.text">
                The portal uses only cookies needed for sign-in and security, and remembers your language choice in your browser.
              </Trans>
            </p>
          ),
        },
        {
          id: 'rights',
          title: <Trans id="legal:privacy.rights.title">Your rights</Trans>,
          body: (
            <p>
              <Trans id="legal:privacy.rights.text">
                You have the right to access, rectification, erasure, restriction, portability and objection, and may complain to a supervisory authority.
              </Trans>
            </p>
          ),
        },
      ]}
    />
  );
}
