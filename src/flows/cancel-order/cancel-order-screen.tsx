import { Trans, useLingui } from '@lingui/react/macro';

import { BackLink, ticketsHref } from '#src/flows/back-link';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import * as styles from './cancel-order-screen.css';
import { useCancelOrder } from './use-cancel-order';

/**
 * Cancelling an order that has not started (issue 10): renders the flow's view and sends its
 * events, nothing else. The route puts the page heading above it.
 */
export function CancelOrderScreen({ orderId }: { orderId: string }) {
  const { view, send } = useCancelOrder(orderId);
  const { t } = useLingui();

  switch (view.step) {
    case 'loading':
      return (
        <LoadingStatus>
          <Trans id="dashboard:cancelOrder.loading">Loading your order…</Trans>
        </LoadingStatus>
      );
    case 'loadFailed':
      return (
        <LoadFailed
          title={t({ id: 'dashboard:cancelOrder.loadError', message: 'Your order could not be loaded' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'load.retry' })}
          back={<BackLink to={ticketsHref} />}
        >
          <Trans id="dashboard:cancelOrder.loadError.description">Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'confirm':
      return (
        <>
          <p className={styles.text}>
            <Trans id="dashboard:cancelOrder.description">
              Your order {view.orderNumber} has not started yet. If you cancel it, you will not get a ticket from it and you pay nothing for it. This cannot be
              undone: for a ticket later on, you order anew.
            </Trans>
          </p>
          {view.failed ? (
            <Alert
              variant="destructive"
              headingLevel={2}
              className={notice}
              title={t({ id: 'dashboard:cancelOrder.error', message: 'Your order could not be cancelled' })}
            >
              <Trans id="dashboard:cancelOrder.error.description">Nothing has changed. Please try again in a moment.</Trans>
            </Alert>
          ) : null}
          <ActionRow>
            <Button variant="primary" isLoading={view.cancelling} onPress={() => send({ type: 'cancellation.confirm' })}>
              <Trans id="dashboard:cancelOrder.confirm">Cancel order</Trans>
            </Button>
            <BackLink to={ticketsHref}>
              <Trans id="dashboard:cancelOrder.keep">Keep my order</Trans>
            </BackLink>
          </ActionRow>
        </>
      );
    case 'notCancellable':
      return (
        <>
          <Alert
            variant="warning"
            headingLevel={2}
            announce
            className={notice}
            title={
              view.reason === 'alreadyCancelled'
                ? t({ id: 'dashboard:cancelOrder.alreadyCancelled', message: 'This order is cancelled already' })
                : t({ id: 'dashboard:cancelOrder.notCancellable', message: 'This order can no longer be cancelled' })
            }
          >
            {view.reason === 'alreadyCancelled' ? (
              <Trans id="dashboard:cancelOrder.alreadyCancelled.description">You do not need to do anything else.</Trans>
            ) : view.reason === 'changedMeanwhile' ? (
              <Trans id="dashboard:cancelOrder.changedMeanwhile.description">
                It changed meanwhile: it has started as a subscription or was cancelled in the meantime. My tickets shows its current state; a running
                subscription can be ended there.
              </Trans>
            ) : (
              <Trans id="dashboard:cancelOrder.notCancellable.description">
                It has started as a subscription. My tickets shows it; a running subscription can be ended there.
              </Trans>
            )}
          </Alert>
          <ActionRow>
            <BackLink to={ticketsHref} />
          </ActionRow>
        </>
      );
    case 'done':
      return (
        <>
          <Alert
            variant="success"
            headingLevel={2}
            announce
            className={notice}
            title={t({ id: 'dashboard:cancelOrder.done', message: 'Your order is cancelled' })}
          >
            <Trans id="dashboard:cancelOrder.done.description">You will not be charged for it. My tickets shows it as cancelled.</Trans>
          </Alert>
          <ActionRow>
            <BackLink to={ticketsHref}>
              <Trans id="dashboard:cancelOrder.toTickets">Go to my tickets</Trans>
            </BackLink>
          </ActionRow>
        </>
      );
  }
}
