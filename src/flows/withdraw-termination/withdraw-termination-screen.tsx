import { Trans, useLingui } from '@lingui/react/macro';

import { formatDate, formatPrice } from '#src/i18n/format';
import { useLocale } from '#src/i18n/use-locale';
import { BackLink, ticketsHref } from '#src/flows/back-link';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Link } from '#src/ui/link';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { useWithdrawTermination } from './use-withdraw-termination';
import * as styles from './withdraw-termination-screen.css';

/**
 * Withdrawing a termination (SPEC.md 2.3, 4.4, 8): renders the flow's view and sends its events,
 * nothing else. The route puts the page heading above it.
 */
export function WithdrawTerminationScreen({ subscriptionId }: { subscriptionId: string }) {
  const { view, send } = useWithdrawTermination(subscriptionId);
  const { t } = useLingui();
  const locale = useLocale();

  switch (view.step) {
    case 'loading':
      return (
        <LoadingStatus>
          <Trans id="dashboard:withdrawTermination.loading">Loading your subscription…</Trans>
        </LoadingStatus>
      );
    case 'loadFailed':
      return (
        <LoadFailed
          title={t({ id: 'dashboard:withdrawTermination.error', message: 'Your subscription could not be loaded' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'load.retry' })}
          back={<BackLink to={ticketsHref} />}
        >
          <Trans id="dashboard:withdrawTermination.error.description">Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'confirm': {
      const price = formatPrice(view.monthlyPrice, locale);
      const date = view.terminateDate ? formatDate(view.terminateDate, locale) : undefined;
      return (
        <>
          <p className={styles.text}>
            {date ? (
              <Trans id="dashboard:withdrawTermination.description">
                Your subscription is terminated effective {date}. When you withdraw the termination, it is taken back: your subscription continues after {date}{' '}
                with its monthly price of {price} and your current payment method.
              </Trans>
            ) : (
              <Trans id="dashboard:withdrawTermination.descriptionWithoutDate">
                When you withdraw the termination, it is taken back: your subscription continues with its monthly price of {price} and your current payment
                method.
              </Trans>
            )}
          </p>
          {view.failed ? (
            <Alert
              variant="destructive"
              headingLevel={2}
              className={notice}
              title={t({ id: 'dashboard:withdrawTermination.submitError.title', message: 'Your termination could not be withdrawn' })}
            >
              <Trans id="dashboard:withdrawTermination.submitError.description">Nothing has changed. Please try again in a moment.</Trans>
            </Alert>
          ) : null}
          <ActionRow>
            <Button variant="primary" isLoading={view.withdrawing} onPress={() => send({ type: 'withdrawal.confirm' })}>
              <Trans id="dashboard:withdrawTermination.confirm">Withdraw termination</Trans>
            </Button>
            <BackLink to={ticketsHref}>
              <Trans id="dashboard:withdrawTermination.cancel">Cancel</Trans>
            </BackLink>
          </ActionRow>
        </>
      );
    }
    case 'notWithdrawable':
      return (
        <>
          <Alert
            variant="warning"
            headingLevel={2}
            announce
            className={notice}
            title={t({ id: 'dashboard:withdrawTermination.notWithdrawable.title', message: 'This termination can no longer be withdrawn' })}
          >
            <Trans id="dashboard:withdrawTermination.notWithdrawable.description">
              Your subscription ends as planned. If you want to keep travelling with the ticket, order a new subscription.
            </Trans>
          </Alert>
          <ActionRow>
            <Link href="/app/order" standalone>
              <Trans id="dashboard:withdrawTermination.notWithdrawable.order">Order a new subscription</Trans>
            </Link>
            <BackLink to={ticketsHref} />
          </ActionRow>
        </>
      );
    case 'done':
      return (
        <p role="status">
          <Trans id="dashboard:withdrawTermination.done">Your termination has been withdrawn.</Trans>
        </p>
      );
  }
}
