import { Trans, useLingui } from '@lingui/react/macro';

import { formatDate, formatPrice } from '#src/i18n/format';
import { useLocale } from '#src/i18n/use-locale';
import { BackLink, ticketsHref } from '#src/flows/back-link';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { AlertDialog } from '#src/ui/alert-dialog';
import { Button } from '#src/ui/button';
import { Link } from '#src/ui/link';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { useWithdrawContract } from './use-withdraw-contract';
import * as styles from './withdraw-contract-screen.css';

/**
 * Withdrawing from a new contract within its 14 days (§ 355 BGB, decision 29): renders the flow's
 * view and sends its events, nothing else. The route puts the page heading above it.
 */
export function WithdrawContractScreen({ subscriptionId }: { subscriptionId: string }) {
  const { view, send } = useWithdrawContract(subscriptionId);
  const { t } = useLingui();
  const locale = useLocale();

  switch (view.step) {
    case 'loading':
      return (
        <LoadingStatus>
          <Trans id="dashboard:withdrawContract.loading">Loading your subscription…</Trans>
        </LoadingStatus>
      );
    case 'loadFailed':
      return (
        <LoadFailed
          title={t({ id: 'dashboard:withdrawContract.error', message: 'Your subscription could not be loaded' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'load.retry' })}
          back={<BackLink to={ticketsHref} />}
        >
          <Trans id="dashboard:withdrawContract.error.description">Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'confirm': {
      const price = formatPrice(view.monthlyPrice, locale);
      const until = formatDate(view.withdrawableUntil, locale);
      const { subscriptionNumber, dialog } = view;
      return (
        <>
          <p className={styles.text}>
            <Trans id="dashboard:withdrawContract.description">
              You can withdraw from this new contract until {until}, without giving reasons. Subscription {subscriptionNumber} then ends at once: its tickets
              are no longer valid and the monthly price of {price} is no longer charged.
            </Trans>
          </p>
          <p className={styles.text}>
            <Link href="/legal/agb#withdrawal">
              <Trans id="dashboard:withdrawContract.terms">Your right of withdrawal in our terms and conditions</Trans>
            </Link>
          </p>
          {view.failed ? (
            <Alert
              variant="destructive"
              headingLevel={2}
              className={notice}
              title={t({ id: 'dashboard:withdrawContract.submitError.title', message: 'Your withdrawal could not be sent' })}
            >
              <Trans id="dashboard:withdrawContract.submitError.description">Nothing has changed. Please try again in a moment.</Trans>
            </Alert>
          ) : null}
          <ActionRow>
            <Button variant="primary" onPress={() => send({ type: 'withdrawal.request' })}>
              <Trans id="dashboard:withdrawContract.request">Withdraw from contract</Trans>
            </Button>
            <BackLink to={ticketsHref}>
              <Trans id="dashboard:withdrawContract.cancel">Cancel</Trans>
            </BackLink>
          </ActionRow>
          {dialog ? (
            <AlertDialog
              isOpen
              variant="destructive"
              title={t({ id: 'dashboard:withdrawContract.dialog.title', message: `Withdraw from subscription ${subscriptionNumber}?` })}
              confirmLabel={t({ id: 'dashboard:withdrawContract.dialog.confirm', message: 'Yes, withdraw' })}
              cancelLabel={t({ id: 'dashboard:withdrawContract.dialog.cancel', message: 'Keep subscription' })}
              isConfirmLoading={dialog.withdrawing}
              onConfirm={() => send({ type: 'withdrawal.confirm' })}
              onOpenChange={(isOpen) => {
                if (!isOpen) send({ type: 'withdrawal.cancel' });
              }}
            >
              <p>
                <Trans id="dashboard:withdrawContract.dialog.description">
                  Subscription {subscriptionNumber} ends at once and its tickets are no longer valid. The monthly price of {price} is no longer charged.
                </Trans>
              </p>
            </AlertDialog>
          ) : null}
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
            title={t({ id: 'dashboard:withdrawContract.notWithdrawable.title', message: 'This contract can no longer be withdrawn' })}
          >
            <Trans id="dashboard:withdrawContract.notWithdrawable.description">
              The 14 days for a withdrawal are over, or the subscription has already ended. You can end a running subscription at the end of a month.
            </Trans>
          </Alert>
          <ActionRow>
            <Link href={`/app/dashboard/subscription/${encodeURIComponent(subscriptionId)}/terminate`} standalone>
              <Trans id="dashboard:withdrawContract.notWithdrawable.terminate">End subscription</Trans>
            </Link>
            <BackLink to={ticketsHref} />
          </ActionRow>
        </>
      );
    case 'done':
      return (
        <p role="status">
          <Trans id="dashboard:withdrawContract.done">You have withdrawn from the contract.</Trans>
        </p>
      );
  }
}
