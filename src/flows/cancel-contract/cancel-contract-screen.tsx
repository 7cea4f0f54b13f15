import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';

import type { components } from '#openapi/schema.gen';
import { formatDate } from '#src/i18n/format';
import type { Locale } from '#src/i18n/locales';
import { useLocale } from '#src/i18n/use-locale';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Link } from '#src/ui/link';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { PageHeading } from '#src/ui/page-heading';
import { useStepFocus } from '#src/ui/use-step-focus';
import { ChooseDateForm, IdentifyForm } from './cancel-contract-forms';
import * as styles from './cancel-contract-screen.css';
import { useCancelContract } from './use-cancel-contract';

/** A point in time as German time (the time zone of the contract and of the mailed confirmation). */
export function formatGermanTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/**
 * Ending a contract without signing in (§ 312k BGB; issue 10 item 6): renders the flow's view and
 * sends its events, nothing else. The page heading is its own, as the confirmation has another.
 */
export function CancelContractScreen({ policy }: { policy: components['schemas']['TerminationPolicy'] | undefined }) {
  const { view, send } = useCancelContract();
  const { t } = useLingui();
  const locale = useLocale();
  const stepTitleId = useId();
  useStepFocus(view.step);

  const heading =
    view.step === 'done' ? (
      <PageHeading>
        <Trans id="terminationRequest:cancelContract.done.title">Your notice of termination has been received</Trans>
      </PageHeading>
    ) : (
      <PageHeading>
        <Trans id="terminationRequest:cancelContract.title">Cancel a contract</Trans>
      </PageHeading>
    );

  switch (view.step) {
    case 'identify': {
      const attempts = policy?.maxFailedAttempts;
      const minutes = policy ? Math.round(policy.windowSeconds / 60) : 15;
      const retryAt = view.retryAt ? formatGermanTime(view.retryAt, locale) : undefined;
      return (
        <>
          {heading}
          <p className={styles.text}>
            <Trans id="terminationRequest:cancelContract.intro">
              Here you can end your subscription without signing in. Enter the details from your order confirmation; we send the confirmation of your notice of
              termination to the email address you give.
            </Trans>
          </p>
          {policy ? (
            <p className={styles.text}>
              <Trans id="terminationRequest:cancelContract.policy">
                For your protection, after {attempts} unsuccessful attempts this form is locked for {minutes} minutes.
              </Trans>
            </p>
          ) : null}
          {view.error === 'contractNotFound' ? (
            <Alert
              variant="destructive"
              headingLevel={2}
              className={notice}
              title={t({ id: 'terminationRequest:cancelContract.contractNotFound', message: 'We could not find a contract with these details' })}
            >
              <Trans id="terminationRequest:cancelContract.contractNotFound.description">
                Please check the number and your name and date of birth as they are in your order confirmation.
              </Trans>
            </Alert>
          ) : null}
          {view.error === 'tooManyAttempts' ? (
            <Alert
              variant="destructive"
              headingLevel={2}
              className={notice}
              title={t({ id: 'terminationRequest:cancelContract.tooManyAttempts', message: 'Too many unsuccessful attempts' })}
            >
              {retryAt ? (
                <Trans id="terminationRequest:cancelContract.tooManyAttempts.retryAt">
                  For your protection, this form is locked. Please try again after {retryAt} (German time).
                </Trans>
              ) : (
                <Trans id="terminationRequest:cancelContract.tooManyAttempts.later">
                  For your protection, this form is locked. Please try again in {minutes} minutes.
                </Trans>
              )}
            </Alert>
          ) : null}
          {view.error === 'lookupFailed' ? (
            <Alert
              variant="destructive"
              headingLevel={2}
              className={notice}
              title={t({ id: 'terminationRequest:cancelContract.lookupFailed', message: 'Your details could not be checked' })}
            >
              <Trans id="terminationRequest:cancelContract.tryAgain">Please try again in a moment. What you entered is kept.</Trans>
            </Alert>
          ) : null}
          <IdentifyForm identity={view.identity} busy={view.lookingUp} onSubmit={(identity) => send({ type: 'identity.submit', identity })} />
        </>
      );
    }
    case 'checkingDates':
      return (
        <>
          {heading}
          <LoadingStatus>
            <Trans id="terminationRequest:cancelContract.checkingDates">Checking the possible dates…</Trans>
          </LoadingStatus>
        </>
      );
    case 'choose': {
      const { subscriptionNumber, orderNumber } = view.candidate;
      return (
        <>
          {heading}
          <h2 id={stepTitleId}>
            <Trans id="terminationRequest:cancelContract.choose.title">
              Subscription {subscriptionNumber} (order {orderNumber})
            </Trans>
          </h2>
          {view.dateNoLongerOffered ? (
            <Alert
              variant="warning"
              announce
              headingLevel={3}
              className={notice}
              title={t({ id: 'terminationRequest:cancelContract.dateNoLongerOffered', message: 'The date you chose is no longer possible' })}
            >
              <Trans id="terminationRequest:cancelContract.dateNoLongerOffered.description">Please choose again from the dates that are possible now.</Trans>
            </Alert>
          ) : null}
          <ChooseDateForm
            dates={view.candidate.terminationDates}
            choice={view.choice}
            locale={locale}
            aria-labelledby={stepTitleId}
            onSubmit={(choice) => send({ type: 'termination.choose', choice })}
            onBack={() => send({ type: 'identity.edit' })}
          />
        </>
      );
    }
    case 'confirm': {
      const { subscriptionNumber, orderNumber } = view.candidate;
      const date = formatDate(view.terminateDate, locale);
      return (
        <>
          {heading}
          <h2>
            <Trans id="terminationRequest:cancelContract.confirm.title">Please check and confirm your notice of termination</Trans>
          </h2>
          <dl className={styles.facts}>
            <dt className={styles.term}>
              <Trans id="terminationRequest:cancelContract.facts.contract">Contract</Trans>
            </dt>
            <dd className={styles.value}>
              <Trans id="terminationRequest:cancelContract.facts.contractValue">
                Subscription {subscriptionNumber} (order {orderNumber})
              </Trans>
            </dd>
            <dt className={styles.term}>
              <Trans id="terminationRequest:cancelContract.facts.kind">Kind of termination</Trans>
            </dt>
            <dd className={styles.value}>
              <Trans id="terminationRequest:cancelContract.facts.ordinary">Ordinary termination</Trans>
            </dd>
            <dt className={styles.term}>
              <Trans id="terminationRequest:cancelContract.facts.endsOn">Ends on</Trans>
            </dt>
            <dd className={styles.value}>
              {view.isNextPossibleDate ? <Trans id="terminationRequest:cancelContract.facts.endsOnNext">{date} (the next possible date)</Trans> : date}
            </dd>
            <dt className={styles.term}>
              <Trans id="terminationRequest:cancelContract.facts.email">Confirmation to</Trans>
            </dt>
            <dd className={styles.value}>{view.email}</dd>
          </dl>
          {view.failed ? (
            <Alert
              variant="destructive"
              headingLevel={3}
              className={notice}
              title={t({ id: 'terminationRequest:cancelContract.terminationFailed', message: 'Your notice of termination could not be sent' })}
            >
              <Trans id="terminationRequest:cancelContract.terminationFailed.description">Nothing has changed yet. Please try again in a moment.</Trans>
            </Alert>
          ) : null}
          <ActionRow>
            {/* § 312k BGB: the button that ends the contract says exactly "jetzt kündigen". */}
            <Button variant="primary" isLoading={view.terminating} onPress={() => send({ type: 'termination.confirm' })}>
              <Trans id="terminationRequest:cancelContract.confirm.button">cancel now</Trans>
            </Button>
            <Button variant="secondary" isDisabled={view.terminating} onPress={() => send({ type: 'choice.edit' })}>
              <Trans id="terminationRequest:cancelContract.back">Back</Trans>
            </Button>
          </ActionRow>
        </>
      );
    }
    case 'alreadyTerminated':
      return (
        <>
          {heading}
          <Alert
            variant="warning"
            announce
            headingLevel={2}
            className={notice}
            title={t({ id: 'terminationRequest:cancelContract.isAlreadyTerminated', message: 'This contract is already terminated' })}
          >
            <Trans id="terminationRequest:cancelContract.isAlreadyTerminated.description">
              Its end date is in the confirmation we sent you. If you want to keep it after all, you can withdraw the termination in your account.
            </Trans>
          </Alert>
          <ActionRow>
            <Button variant="secondary" onPress={() => send({ type: 'identity.edit' })}>
              <Trans id="terminationRequest:cancelContract.another">Cancel another contract</Trans>
            </Button>
            <Link href="/" standalone>
              <Trans id="terminationRequest:cancelContract.home">To the start page</Trans>
            </Link>
          </ActionRow>
        </>
      );
    case 'done': {
      const { subscriptionNumber, orderNumber, email } = view.confirmation;
      const received = formatGermanTime(view.confirmation.receivedAt, locale);
      const endsOn = formatDate(view.confirmation.terminateDate, locale);
      return (
        <>
          {heading}
          <dl className={styles.facts}>
            <dt className={styles.term}>
              <Trans id="terminationRequest:cancelContract.facts.terminated">Terminated</Trans>
            </dt>
            <dd className={styles.value}>
              <Trans id="terminationRequest:cancelContract.facts.terminatedValue">
                Subscription {subscriptionNumber} (order {orderNumber}), ordinary termination
              </Trans>
            </dd>
            <dt className={styles.term}>
              <Trans id="terminationRequest:cancelContract.facts.receivedAt">Notice received</Trans>
            </dt>
            <dd className={styles.value}>
              <Trans id="terminationRequest:cancelContract.facts.receivedAtValue">{received} (German time)</Trans>
            </dd>
            <dt className={styles.term}>
              <Trans id="terminationRequest:cancelContract.facts.endsOn">Ends on</Trans>
            </dt>
            <dd className={styles.value}>{endsOn}</dd>
          </dl>
          <p className={styles.text}>
            <Trans id="terminationRequest:cancelContract.done.email">We have sent this confirmation to {email}.</Trans>
          </p>
          <ActionRow>
            <Link href="/" standalone>
              <Trans id="terminationRequest:cancelContract.home">To the start page</Trans>
            </Link>
          </ActionRow>
        </>
      );
    }
  }
}
