import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

import { DataExportScreen } from '#src/flows/data-export/data-export-screen';
import { useKeptTickets } from '#src/flows/offline-ticket/kept-tickets';
import { PageHeading } from '#src/ui/page-heading';

/**
 * My data to take away (GDPR Art. 15, 20; issue 30 item 6, decision 31), linked from My data. The
 * route hands the data export the tickets this device keeps (the offline ticket's store, another
 * flow's), as they are when that part is collected.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/account/data-export')({
  component: DataExportPage,
});

function DataExportPage() {
  const kept = useKeptTickets();
  const latest = useRef(kept);
  useEffect(() => {
    latest.current = kept;
  }, [kept]);
  const keptTickets = useCallback(() => ({ savedAt: latest.current.savedAt ?? null, tickets: latest.current.tickets }), []);
  return (
    <>
      <PageHeading>
        <Trans id="dataExport:title">Download my data</Trans>
      </PageHeading>
      <DataExportScreen keptTickets={keptTickets} />
    </>
  );
}
