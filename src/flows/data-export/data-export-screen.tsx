import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

import type { CollectedParts, DataExportPart } from '#machines/data-export/data-export.machine';
import { accountHref, BackLink } from '#src/flows/back-link';
import { useLocale } from '#src/i18n/use-locale';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { LoadFailed } from '#src/ui/load-failed';
import { notice } from '#src/ui/notice.css';
import type { KeptTicketsReader } from './data-export.actors';
import { composeDataExport, dataExportFileName, type DataExportDocument, readableSections } from './data-export-document';
import * as styles from './data-export-screen.css';
import { useDataExport } from './use-data-export';

/**
 * My data to take away (GDPR Art. 15, 20; decision 31): renders the flow's view and sends its
 * events. What it explains, how far the collection is, which part failed, and when all is there
 * the file and the readable version, which prints without the portal around it. The route puts
 * the page heading above it.
 */
export function DataExportScreen({ keptTickets }: { keptTickets: KeptTicketsReader }) {
  const { view, send } = useDataExport(keptTickets);
  const { t } = useLingui();
  const partNames: Record<DataExportPart, string> = {
    account: t({ id: 'dataExport:part.account', message: 'Account' }),
    company: t({ id: 'dataExport:part.company', message: 'Employer or university' }),
    orders: t({ id: 'dataExport:part.orders', message: 'Orders' }),
    subscriptions: t({ id: 'dataExport:part.subscriptions', message: 'Subscriptions' }),
    travelers: t({ id: 'dataExport:part.travelers', message: 'Travelers' }),
    billingAddresses: t({ id: 'dataExport:part.billingAddresses', message: 'Billing addresses' }),
    paymentInstruments: t({ id: 'dataExport:part.paymentInstruments', message: 'Payment methods' }),
    payments: t({ id: 'dataExport:part.payments', message: 'Payments' }),
    directDebit: t({ id: 'dataExport:part.directDebit', message: 'Direct debit information' }),
    device: t({ id: 'dataExport:part.device', message: 'Kept on this device' }),
  };

  switch (view.step) {
    case 'idle':
      return (
        <>
          <p className={styles.text}>
            <Trans id="dataExport:intro">
              Download everything this portal keeps about you: as a file in JSON format, which other services can read, and as a page you can read and print. It
              holds:
            </Trans>
          </p>
          <ul className={styles.list}>
            {Object.values(partNames).map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <p className={styles.text}>
            <Trans id="dataExport:masked">
              Your IBAN shows only its country code and last four characters, card numbers only their last four digits. Not included: your password, which
              nobody can read, and what the transport company keeps outside this portal; ask customer service for that.
            </Trans>
          </p>
          <ActionRow>
            <Button variant="primary" onPress={() => send({ type: 'export.start' })}>
              <Trans id="dataExport:start">Collect my data</Trans>
            </Button>
            <BackLink to={accountHref} />
          </ActionRow>
        </>
      );
    case 'collecting':
      return (
        <>
          <p role="status" id="data-export-progress">
            <Trans id="dataExport:progress">
              {view.collected} of {view.total} parts collected: {partNames[view.current]}…
            </Trans>
          </p>
          <progress className={styles.progress} value={view.collected} max={view.total} aria-labelledby="data-export-progress" />
        </>
      );
    case 'failed': {
      const part = partNames[view.failedPart];
      return (
        <LoadFailed
          title={t({ id: 'dataExport:failed.title', message: 'Your data could not be collected completely' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'export.retry' })}
          back={<BackLink to={accountHref} />}
        >
          <Trans id="dataExport:failed.description">
            The part “{part}” could not be loaded, so no file was made: it would be incomplete. Please try again in a moment; the parts already collected are
            kept.
          </Trans>
        </LoadFailed>
      );
    }
    case 'ready':
      return <ReadyExport parts={view.parts} partNames={partNames} />;
  }
}

function ReadyExport({ parts, partNames }: { parts: CollectedParts; partNames: Record<DataExportPart, string> }) {
  const locale = useLocale();
  const { t } = useLingui();
  // The document is made once, when every part is there: the file and the page show the same.
  const [document, createdAt] = useMemo(() => {
    const now = new Date();
    return [composeDataExport(parts, now), now] as const;
  }, [parts]);
  const sections = useMemo(() => readableSections(document), [document]);
  const download = () => downloadJson(document, dataExportFileName(createdAt, locale));
  const none = t({ id: 'dataExport:readable.none', message: 'None.' });

  return (
    <>
      <Alert
        variant="success"
        headingLevel={2}
        announce
        className={`${notice} ${styles.noPrint}`}
        title={t({ id: 'dataExport:ready.title', message: 'Your data is ready' })}
      >
        <Trans id="dataExport:ready.description">All parts are collected. Download the file, or read and print the readable version below.</Trans>
      </Alert>
      <div className={styles.noPrint}>
        <ActionRow>
          <Button variant="primary" onPress={download}>
            <Trans id="dataExport:download">Download file (JSON)</Trans>
          </Button>
          <Button variant="secondary" onPress={() => window.print()}>
            <Trans id="dataExport:print">Print</Trans>
          </Button>
          <BackLink to={accountHref} />
        </ActionRow>
      </div>
      <section className={styles.readable} aria-labelledby="data-export-readable">
        <h2 id="data-export-readable">
          <Trans id="dataExport:readable.title">Readable version</Trans>
        </h2>
        <p>
          <Trans id="dataExport:readable.createdAt">As of {createdAt.toLocaleString(locale)}</Trans>
        </p>
        {sections.map(({ part, records }) => (
          <section key={part} className={styles.part} aria-labelledby={`data-export-${part}`}>
            <h3 id={`data-export-${part}`} className={styles.partTitle}>
              {partNames[part]}
            </h3>
            {records.length === 0 ? <p>{none}</p> : null}
            {records.map((record, index) => (
              <table key={index} className={styles.table}>
                {record.title ? <caption className={styles.caption}>{record.title}</caption> : null}
                <tbody>
                  {record.rows.map(([field, value]) => (
                    <tr key={field}>
                      <th scope="row">{field}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </section>
        ))}
      </section>
    </>
  );
}

/** The document as a file, through a Blob link with the download attribute. */
function downloadJson(document: DataExportDocument, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
