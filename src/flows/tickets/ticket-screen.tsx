import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { failureOf } from '#src/domain/failure';
import type { StoredTicket } from '#src/domain/offline-tickets';
import { formatDate, formatDateTime, formatMonth } from '#src/i18n/format';
import { useLocale } from '#src/i18n/use-locale';
import { BackLink, ticketsHref } from '#src/flows/back-link';
import { ActionRow } from '#src/ui/action-row';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { caveat } from '#src/ui/notice.css';
import { useProductName } from '#src/i18n/product-name';
import { TicketBarcodeImage } from './ticket-barcode-image';
import { type DownloadableTicket, TicketDownloadButton } from './ticket-download';
import * as styles from './ticket-screen.css';
import { ticketQuery } from '#src/api/queries/subscriptions';

/** A ticket kept on the device for offline use (src/flows/offline-ticket/), as the route passes it on. */
export interface KeptTicketProps {
  ticket: StoredTicket | undefined;
  /** When it was read from the API (ISO timestamp). */
  savedAt: string | undefined;
  online: boolean;
}

/**
 * Shows a ticket (issue 10): holder, validity, product, ticket and subscription number, and its
 * Aztec code, large enough to be scanned from the phone's screen. The route puts the heading above.
 * Offline, or when the API cannot be reached, the copy kept on the device shows instead, with the
 * time it is from (issue 29).
 */
export function TicketScreen({ ticketId, kept }: { ticketId: string; kept: KeptTicketProps }) {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const ticket = useQuery(ticketQuery(queries, ticketId));

  if (ticket.data) return <TicketDetails ticket={ticket.data} downloadable={ticket.data.isDownloadable ? ticket.data : undefined} />;
  const keptTicket = kept.ticket?.id === ticketId ? kept.ticket : undefined;
  if (keptTicket && (!kept.online || ticket.isError)) return <TicketDetails ticket={keptTicket} keptAt={kept.savedAt} />;
  if (ticket.isPending) {
    return (
      <LoadingStatus>
        <Trans id="tickets:ticket.loading">Loading your ticket…</Trans>
      </LoadingStatus>
    );
  }
  const notFound = failureOf(ticket.error).status === 404;
  return (
    <LoadFailed
      title={
        notFound
          ? t({ id: 'tickets:ticket.notFound', message: 'This ticket does not exist (any more)' })
          : t({ id: 'tickets:ticket.error', message: 'Your ticket could not be loaded' })
      }
      back={<BackLink to={ticketsHref} />}
    >
      {notFound ? (
        <Trans id="tickets:ticket.notFound.description">Your current tickets are in My tickets.</Trans>
      ) : !kept.online ? (
        <Trans id="tickets:ticket.offline.notKept">This ticket is not kept on this device. It shows here once you are online again.</Trans>
      ) : (
        <Trans id="tickets:ticket.error.description">Please try again in a moment.</Trans>
      )}
    </LoadFailed>
  );
}

/** What a ticket shows, from the API or kept on the device. */
type ShownTicket = Pick<StoredTicket, 'holder' | 'validFrom' | 'validUntil' | 'product' | 'ticketNumber' | 'subscriptionNumber' | 'barcode'> & {
  companyName?: string | null | undefined;
};

function TicketDetails({
  ticket: data,
  downloadable,
  keptAt,
}: {
  ticket: ShownTicket;
  downloadable?: DownloadableTicket | undefined;
  keptAt?: string | undefined;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const productName = useProductName();
  const holder = `${data.holder.firstName} ${data.holder.lastName}`;
  const month = formatMonth(data.validFrom, locale);
  return (
    <>
      {keptAt !== undefined ? (
        <p className={caveat} data-testid="ticket-kept">
          <Trans id="tickets:ticket.kept">Offline: your ticket as kept on this device, as of {formatDateTime(keptAt, locale)}.</Trans>
        </p>
      ) : null}
      <div className={styles.layout}>
        <figure className={styles.figure}>
          <TicketBarcodeImage
            content={data.barcode}
            label={t({ id: 'tickets:ticket.barcode', message: `Aztec code of ticket ${data.ticketNumber} for ${holder}, valid in ${month}` })}
          />
          <figcaption className={styles.caption}>
            <Trans id="tickets:ticket.barcode.caption">Show this code at a ticket inspection, together with an official photo ID.</Trans>
          </figcaption>
        </figure>
        <dl className={styles.details}>
          <dt>
            <Trans id="tickets:ticket.holder">Holder</Trans>
          </dt>
          <dd>{holder}</dd>
          <dt>
            <Trans id="tickets:ticket.birthdate">Date of birth</Trans>
          </dt>
          <dd>{formatDate(data.holder.birthdate, locale)}</dd>
          <dt>
            <Trans id="tickets:ticket.validity">Valid</Trans>
          </dt>
          <dd>
            {month} ({formatDate(data.validFrom, locale)} – {formatDate(data.validUntil, locale)})
          </dd>
          <dt>
            <Trans id="tickets:ticket.product">Product</Trans>
          </dt>
          <dd>{productName(data.product)}</dd>
          {data.companyName ? (
            <>
              <dt>
                {data.product === 'seti' ? <Trans id="tickets:ticket.university">University</Trans> : <Trans id="tickets:ticket.employer">Employer</Trans>}
              </dt>
              <dd>{data.companyName}</dd>
            </>
          ) : null}
          <dt>
            <Trans id="tickets:ticket.number">Ticket number</Trans>
          </dt>
          <dd>{data.ticketNumber}</dd>
          <dt>
            <Trans id="tickets:ticket.subscriptionNumber">Subscription number</Trans>
          </dt>
          <dd>{data.subscriptionNumber}</dd>
        </dl>
      </div>
      <ActionRow>
        {downloadable ? <TicketDownloadButton ticket={downloadable} /> : null}
        <BackLink to={ticketsHref} />
      </ActionRow>
    </>
  );
}
