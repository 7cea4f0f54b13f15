import { Trans, useLingui } from '@lingui/react/macro';

import { Alert } from '#src/ui/alert';
import { Link } from '#src/ui/link';
import { PageNotice } from '#src/ui/page-notice';

/**
 * Offline, every page says so once, below the header (issue 29; the frame renders it only then): what needs the network waits
 * for it instead of failing, and the ticket kept on this device is one link away.
 */
export function OfflineNotice() {
  const { t } = useLingui();
  return (
    <PageNotice label={t({ id: 'common:offline.region', message: 'Offline' })}>
      <Alert announce variant="warning" headingLevel={2} title={t({ id: 'common:offline.title', message: 'You are offline' })}>
        <p>
          <Trans id="common:offline.text">
            Signing in, ordering and changes need a connection and wait until you are online again. Your ticket kept on this device is in your{' '}
            <Link href="/app/dashboard">overview</Link>.
          </Trans>
        </p>
      </Alert>
    </PageNotice>
  );
}
