import { Trans, useLingui } from '@lingui/react/macro';

import type { TerminateSubscriptionView } from '#machines/terminate-subscription/terminate-subscription.selectors';
import { terminationDateSchema } from '#src/domain/personal-fields';
import { FormFrame } from '#src/forms/form-frame';
import { useAppForm } from '#src/forms/form-hook';
import { validatorOf } from '#src/forms/field-validation';
import { formatDate, formatMonth, formatPrice } from '#src/i18n/format';
import type { Locale } from '#src/i18n/locales';
import { useLocale } from '#src/i18n/use-locale';
import { BackLink, ticketsHref } from '#src/flows/back-link';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { AlertDialog } from '#src/ui/alert-dialog';
import { Link } from '#src/ui/link';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { Radio } from '#src/ui/radio-group';
import { useStepFocus } from '#src/ui/use-step-focus';
import * as styles from './terminate-subscription-screen.css';
import { useTerminateSubscription } from './use-terminate-subscription';

type Send = ReturnType<typeof useTerminateSubscription>['send'];
type ChooseView = Extract<TerminateSubscriptionView, { step: 'choose' }>;

/**
 * What takes the focus (the page heading) when the screen changes without a navigation: the 400
 * after the dialog, the dates loaded again, a load failure. Loading → dates is the page itself.
 */
function focusKeyOf(view: TerminateSubscriptionView): string {
  if (view.step === 'choose') return view.dateNoLongerOffered ? 'chooseAgain' : 'page';
  if (view.step === 'alreadyTerminated' || view.step === 'loadFailed') return view.step;
  return 'page';
}

/**
 * Ending a subscription (SPEC.md 2.3, 4.3, 4.4, 8): renders the flow's view and sends its events,
 * nothing else. The route puts the page heading above it.
 */
export function TerminateSubscriptionScreen({ subscriptionId }: { subscriptionId: string }) {
  const { view, send } = useTerminateSubscription(subscriptionId);
  const { t } = useLingui();
  const locale = useLocale();
  useStepFocus(focusKeyOf(view));
  const withdrawHref = `/app/dashboard/subscription/${encodeURIComponent(subscriptionId)}/withdraw-termination`;

  switch (view.step) {
    case 'loading':
      return (
        <LoadingStatus>
          <Trans id="terminationRequest:loading">Loading your subscription…</Trans>
        </LoadingStatus>
      );
    case 'loadFailed':
      return (
        <LoadFailed
          title={t({ id: 'terminationRequest:loadError', message: 'Your subscription could not be loaded' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'load.retry' })}
          back={<BackLink to={ticketsHref} />}
        >
          <Trans id="terminationRequest:loadError.description">Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'choose':
      return <TerminationForm key={view.terminationDates.join()} view={view} send={send} locale={locale} />;
    case 'notTerminable': {
      const date = view.terminateDate ? formatDate(view.terminateDate, locale) : undefined;
      return (
        <>
          {view.reason === 'terminated' ? (
            <Alert
              variant="info"
              headingLevel={2}
              className={notice}
              title={t({ id: 'terminationRequest:isAlreadyTerminated', message: 'This subscription is already terminated' })}
            >
              <Trans id="terminationRequest:notTerminable.terminated">
                It ends on {date}. Your tickets stay valid until then, and the monthly price stops after that.
              </Trans>
            </Alert>
          ) : (
            <Alert
              variant="info"
              headingLevel={2}
              className={notice}
              title={t({ id: 'terminationRequest:notTerminable.cancelled.title', message: 'This subscription has already been cancelled' })}
            >
              {date ? (
                <Trans id="terminationRequest:notTerminable.ended">It ended on {date}, so there is nothing left to terminate.</Trans>
              ) : (
                <Trans id="terminationRequest:notTerminable.cancelled">It has ended or was revoked, so there is nothing left to terminate.</Trans>
              )}
            </Alert>
          )}
          <ActionRow>
            {view.canWithdrawTermination ? (
              <Link href={withdrawHref} standalone>
                <Trans id="terminationRequest:notTerminable.withdraw">Withdraw the termination</Trans>
              </Link>
            ) : null}
            <BackLink to={ticketsHref} />
          </ActionRow>
        </>
      );
    }
    case 'alreadyTerminated':
      return (
        <>
          <Alert
            variant="warning"
            headingLevel={2}
            announce
            className={notice}
            title={t({ id: 'terminationRequest:isAlreadyTerminated', message: 'This subscription is already terminated' })}
          >
            <Trans id="terminationRequest:isAlreadyTerminated.description">
              It was terminated meanwhile, for example in another window. Your tickets list shows when it ends.
            </Trans>
          </Alert>
          <ActionRow>
            <BackLink to={ticketsHref} />
          </ActionRow>
        </>
      );
    case 'done':
      return (
        <LoadingStatus>
          <Trans id="terminationRequest:done">Your subscription has been terminated.</Trans>
        </LoadingStatus>
      );
  }
}

/**
 * The dates as a radio group (the earliest first and chosen), the confirmation dialog over it, and
 * the alerts of a failed attempt. The form's submit sends the chosen date; the dialog confirms it.
 */
function TerminationForm({ view, send, locale }: { view: ChooseView; send: Send; locale: Locale }) {
  const { t } = useLingui();
  const form = useAppForm({
    defaultValues: { terminateDate: view.chosenDate ?? '' },
    onSubmit: ({ value }) => send({ type: 'termination.request', terminateDate: value.terminateDate }),
  });
  const price = formatPrice(view.monthlyPrice, locale);
  const { dialog } = view;
  const dialogDate = dialog ? formatDate(dialog.terminateDate, locale) : '';
  const subscriptionNumber = view.subscriptionNumber;

  return (
    <>
      <p className={styles.text}>
        <Trans id="terminationRequest:description">
          Choose the date your subscription ends. Your tickets stay valid until that date; after it, the monthly price of {price} is no longer charged. You can
          withdraw the termination until then.
        </Trans>
      </p>
      {view.dateNoLongerOffered ? (
        <Alert
          variant="warning"
          headingLevel={2}
          announce
          className={notice}
          title={t({ id: 'terminationRequest:dateNoLongerOffered', message: 'The date you chose is no longer possible' })}
        >
          <Trans id="terminationRequest:dateNoLongerOffered.description">The possible dates have moved on. Please choose again.</Trans>
        </Alert>
      ) : null}
      {view.failed ? (
        <Alert
          variant="destructive"
          headingLevel={2}
          className={notice}
          title={t({ id: 'terminationRequest:submitError.title', message: 'Your subscription could not be terminated' })}
        >
          <Trans id="terminationRequest:submitError.description">Nothing has changed. Your choice is kept; please try again in a moment.</Trans>
        </Alert>
      ) : null}
      <FormFrame form={form} className={styles.form}>
        <form.AppField name="terminateDate" validators={{ onChange: validatorOf(terminationDateSchema) }}>
          {(field) => (
            <field.RadioGroup label={t({ id: 'terminationRequest:terminateDate.label', message: 'When should your subscription end?' })} isRequired>
              {view.terminationDates.map((date, index) => {
                const month = formatMonth(date, locale);
                return (
                  <Radio
                    key={date}
                    value={date}
                    description={
                      index === 0
                        ? t({ id: 'terminationRequest:terminateDate.earliest', message: `Earliest possible date; your last ticket is for ${month}` })
                        : t({ id: 'terminationRequest:terminateDate.lastTicket', message: `Your last ticket is for ${month}` })
                    }
                  >
                    {formatDate(date, locale)}
                  </Radio>
                );
              })}
            </field.RadioGroup>
          )}
        </form.AppField>
        <ActionRow>
          <form.AppForm>
            <form.SubmitButton variant="primary">
              <Trans id="terminationRequest:submit">End subscription</Trans>
            </form.SubmitButton>
          </form.AppForm>
          <BackLink to={ticketsHref}>
            <Trans id="terminationRequest:cancel">Cancel</Trans>
          </BackLink>
        </ActionRow>
      </FormFrame>
      {dialog ? (
        <AlertDialog
          isOpen
          variant="destructive"
          title={t({ id: 'terminationRequest:dialog.title', message: `End subscription ${subscriptionNumber} on ${dialogDate}?` })}
          confirmLabel={t({ id: 'terminationRequest:dialog.confirm', message: 'Yes, end subscription' })}
          cancelLabel={t({ id: 'terminationRequest:dialog.cancel', message: 'Keep subscription' })}
          isConfirmLoading={dialog.terminating}
          onConfirm={() => send({ type: 'termination.confirm' })}
          onOpenChange={(isOpen) => {
            if (!isOpen) send({ type: 'termination.cancel' });
          }}
        >
          <p>
            <Trans id="terminationRequest:dialog.description">
              Subscription {subscriptionNumber} ends on {dialogDate}. Your tickets stay valid until that date; after it, the monthly price of {price} is no
              longer charged. You can withdraw the termination until then.
            </Trans>
          </p>
        </AlertDialog>
      ) : null}
    </>
  );
}
