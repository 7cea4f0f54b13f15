import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { Link } from '#src/ui/link';

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
              <Trans id="legal:privacy.controller.text">
                The transport company named in the <Link href="/legal/imprint">imprint</Link> is responsible for the processing of your data.
              </Trans>
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
          id: 'device',
          title: <Trans id="legal:privacy.device.title">Your ticket on this device</Trans>,
          body: (
            <>
              <p>
                <Trans id="legal:privacy.device.text">
                  So that you can show your ticket without a connection, the portal keeps your tickets valid this month and next on this device while you are
                  signed in, in your browser's storage (IndexedDB): the holder's name and date of birth, the validity, the product, the employer or university,
                  the ticket and subscription number, and the content of the ticket's code. Nothing else is kept there: no password, no sign-in token, no bank
                  details.
                </Trans>
              </p>
              <p>
                <Trans id="legal:privacy.device.removal">
                  An expired ticket is removed. Logging out, deleting your account or another customer signing in on this device removes everything. In My data
                  you see what is kept and can remove it yourself. The portal's program files are also kept on the device, so that it opens without a
                  connection; they contain no personal data.
                </Trans>
              </p>
            </>
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
