import { Trans } from '@lingui/react/macro';

import { formatDateTime, formatMonth } from '#src/i18n/format';
import { useLocale } from '#src/i18n/use-locale';
import { Button } from '#src/ui/button';
import { useKeptTickets } from './kept-tickets';

/**
 * My data's "On this device" (issue 29, item 6): what the portal keeps on this device for offline
 * use, and the way to remove it (and keep none from then on) or to keep it again.
 */
export function KeptOnDevice({ className, titleClassName }: { className?: string; titleClassName?: string }) {
  const kept = useKeptTickets();
  const locale = useLocale();
  // A customer with several subscriptions has several tickets a month: each month is named once.
  const months = [...new Set(kept.tickets.map((ticket) => formatMonth(ticket.validFrom, locale)))].join(', ');
  return (
    <section className={className} aria-labelledby="account-device">
      <h2 id="account-device" className={titleClassName}>
        <Trans id="account:device.title">On this device</Trans>
      </h2>
      {kept.error === 'storageUnavailable' ? (
        <p>
          <Trans id="account:device.unavailable">This browser does not let the portal keep anything on this device (for example in a private window).</Trans>
        </p>
      ) : !kept.keeping ? (
        <>
          <p>
            <Trans id="account:device.off">Your ticket is not kept on this device: without a connection it cannot be shown here.</Trans>
          </p>
          <Button variant="secondary" onPress={() => kept.setKeeping(true)}>
            <Trans id="account:device.keep">Keep my ticket on this device</Trans>
          </Button>
        </>
      ) : (
        <>
          <p data-testid="kept-on-device">
            {kept.status === 'loading' ? (
              <Trans id="account:device.loading">Looking at what is kept on this device…</Trans>
            ) : kept.tickets.length > 0 && kept.savedAt ? (
              <Trans id="account:device.kept">
                Kept for use without a connection: your tickets for {months}, as of {formatDateTime(kept.savedAt, locale)}. Nothing else of yours is kept here.
              </Trans>
            ) : (
              <Trans id="account:device.none">No ticket is kept on this device at the moment.</Trans>
            )}
          </p>
          <Button variant="secondary" onPress={() => kept.setKeeping(false)}>
            <Trans id="account:device.remove">Remove from this device</Trans>
          </Button>
          <p>
            <Trans id="account:device.remove.text">Your ticket is then no longer kept on this device, until you allow it again here.</Trans>
          </p>
        </>
      )}
    </section>
  );
}
