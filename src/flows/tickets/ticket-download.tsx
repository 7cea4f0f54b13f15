import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import type { ApiClient } from '#src/api/client';
import { dataOf } from '#src/api/failure';
import { ticketFileName } from '#src/domain/ticket-actions';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import * as styles from './tickets.css';

export interface DownloadableTicket {
  id: string;
  product: string;
  subscriptionNumber: string;
  validFrom: string;
}

/** GET the ticket's PDF (SPEC.md 7.3: a binary blob) through the typed client. */
export async function fetchTicketPdf(api: ApiClient, ticketId: string): Promise<Blob> {
  const result = await api.GET('/api/subscription/v2/tickets/{id}/download', {
    params: { path: { id: ticketId } },
    headers: { Accept: 'application/pdf' },
    parseAs: 'blob',
  });
  return dataOf(result);
}

/** Hands a blob to the browser as a download named `fileName` (an object URL on an `<a download>`). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file when click() returns; the URL is freed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The download of a ticket as PDF, saved as e.g. `Deutschlandticket-S-A100001-2026-11.pdf`. A
 * second press while it loads is ignored (the button's loading state); a failure says so next to it.
 */
export function TicketDownloadButton({ ticket, label }: { ticket: DownloadableTicket; label?: string }) {
  const { api } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const download = useMutation({
    mutationFn: () => fetchTicketPdf(api, ticket.id),
    onSuccess: (blob) => saveBlob(blob, ticketFileName(ticket)),
  });
  return (
    <>
      <Button variant="secondary" size="sm" isLoading={download.isPending} onPress={() => download.mutate()}>
        {label ?? t({ id: 'tickets:action.download', message: 'Download ticket (PDF)' })}
      </Button>
      {download.isError ? (
        <Alert
          variant="destructive"
          headingLevel={3}
          announce
          className={styles.notice}
          title={t({ id: 'tickets:download.error.title', message: 'The ticket could not be downloaded' })}
        >
          <Trans id="tickets:download.error.description">Please try again in a moment.</Trans>
        </Alert>
      ) : null}
    </>
  );
}
