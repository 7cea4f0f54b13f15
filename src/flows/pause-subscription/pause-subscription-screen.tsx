import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import type { PauseResult } from '#machines/pause-subscription/pause-subscription.machine';
import type { PauseErrorCode, PauseSubscriptionView, ResumeErrorCode } from '#machines/pause-subscription/pause-subscription.selectors';
import { addMonths, firstDayOf, formatPausePeriod, pauseSaving } from '#src/domain/pause';
import { formatDate, formatMonth, formatPrice } from '#src/i18n/format';
import type { Locale } from '#src/i18n/locales';
import { useLocale } from '#src/i18n/use-locale';
import { BackLink, ticketsHref } from '#src/flows/back-link';
import { ActionRow } from '#src/ui/action-row';
import { Alert } from '#src/ui/alert';
import { AlertDialog } from '#src/ui/alert-dialog';
import { Button } from '#src/ui/button';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { notice } from '#src/ui/notice.css';
import { ListBoxItem } from '#src/ui/list-box';
import { Select } from '#src/ui/select';
import { useStepFocus } from '#src/ui/use-step-focus';
import * as styles from './pause-subscription-screen.css';
import { usePauseSubscription } from './use-pause-subscription';

const resultSelector = '[data-pause-result]';

interface MonthOption {
  id: string;
  label: string;
}

type ChooseView = Extract<PauseSubscriptionView, { step: 'choose' }>;
type PausedView = Extract<PauseSubscriptionView, { step: 'paused' }>;
type Send = ReturnType<typeof usePauseSubscription>['send'];

/**
 * Pausing a subscription and ending a pause early (SPEC.md 1, 4.4, 7.3): renders the flow's view and
 * sends its events, nothing else. The route puts the page heading above it. After a change the
 * result takes the focus, so a screen-reader user hears it.
 */
export function PauseSubscriptionScreen({ subscriptionId }: { subscriptionId: string }) {
  const { view, send } = usePauseSubscription(subscriptionId);
  const { t } = useLingui();
  const locale = useLocale();
  const result = 'result' in view ? view.result : undefined;
  useStepFocus(result ? `${view.step}:${JSON.stringify(result)}` : view.step === 'loading' ? 'loading' : 'shown', { target: resultSelector });

  switch (view.step) {
    case 'loading':
      return (
        <LoadingStatus>
          <Trans id="dashboard:pauseSubscription.loading">Loading your subscription…</Trans>
        </LoadingStatus>
      );
    case 'loadFailed':
      return (
        <LoadFailed
          title={t({ id: 'dashboard:pauseSubscription.loadError', message: 'Your subscription could not be loaded' })}
          canRetry={view.canRetry}
          onRetry={() => send({ type: 'load.retry' })}
          back={<BackLink to={ticketsHref} />}
        >
          <Trans id="dashboard:pauseSubscription.loadError.description">Please try again in a moment.</Trans>
        </LoadFailed>
      );
    case 'choose':
      return (
        <>
          <ResultMessage result={view.result} monthlyPrice={view.monthlyPrice} locale={locale} />
          <ChooseMonths view={view} send={send} locale={locale} />
        </>
      );
    case 'paused':
      return (
        <>
          <ResultMessage result={view.result} monthlyPrice={view.monthlyPrice} locale={locale} />
          <CurrentPause view={view} send={send} locale={locale} />
        </>
      );
    case 'notPausable':
      return (
        <>
          <ResultMessage result={view.result} monthlyPrice={undefined} locale={locale} />
          <NotPausable terminateDate={view.terminateDate} locale={locale} />
        </>
      );
  }
}

function monthOptions(months: readonly string[], locale: Locale): MonthOption[] {
  return months.map((month) => ({ id: month, label: formatMonth(firstDayOf(month), locale) }));
}

/** No pause yet: the choice of months, what it saves, and the confirmation. */
function ChooseMonths({ view, send, locale }: { view: ChooseView; send: Send; locale: Locale }) {
  const { t } = useLingui();
  const price = formatPrice(view.monthlyPrice, locale);
  const saving = formatPrice(view.saving, locale);
  const period = formatPausePeriod(view.choice, locale);
  const count = view.monthCount;
  const validAgain = formatDate(firstDayOf(view.validAgainMonth), locale);
  const earliest = formatMonth(firstDayOf(view.startMonths[0] ?? view.choice.pauseFrom), locale);
  const latest = formatMonth(firstDayOf(view.startMonths.at(-1) ?? view.choice.pauseUntil), locale);

  return (
    <>
      <p className={styles.text}>
        <Trans id="dashboard:pauseSubscription.intro">
          Travelling less for a while? Pause your subscription for whole months: for a paused month you get no ticket, and its monthly price of {price} is not
          charged.
        </Trans>
      </p>
      <ul className={styles.rules}>
        <li>
          <Trans id="dashboard:pauseSubscription.rule.window">
            You can pause months from {earliest} to {latest}: from next month on, up to 12 months ahead. The current month cannot be paused.
          </Trans>
        </li>
        <li>
          <Trans id="dashboard:pauseSubscription.rule.one">
            One pause at a time, for as many months in a row as you like. You can end it early here at any time.
          </Trans>
        </li>
      </ul>

      <section className={styles.section} aria-labelledby="pause-choice-heading">
        <h2 id="pause-choice-heading">
          <Trans id="dashboard:pauseSubscription.choose.title">Choose the months</Trans>
        </h2>
        <div className={styles.months}>
          <Select<MonthOption>
            className={styles.monthField}
            label={t({ id: 'dashboard:pauseSubscription.from', message: 'First month of the pause' })}
            items={monthOptions(view.startMonths, locale)}
            selectedKey={view.choice.pauseFrom}
            isDisabled={view.pausing}
            onSelectionChange={(key) => key !== null && send({ type: 'pauseStart.choose', month: String(key) })}
          >
            {(item) => <ListBoxItem id={item.id}>{item.label}</ListBoxItem>}
          </Select>
          <Select<MonthOption>
            className={styles.monthField}
            label={t({ id: 'dashboard:pauseSubscription.until', message: 'Last month of the pause' })}
            items={monthOptions(view.endMonths, locale)}
            selectedKey={view.choice.pauseUntil}
            isDisabled={view.pausing}
            onSelectionChange={(key) => key !== null && send({ type: 'pauseEnd.choose', month: String(key) })}
          >
            {(item) => <ListBoxItem id={item.id}>{item.label}</ListBoxItem>}
          </Select>
        </div>

        <PauseSummary
          period={period}
          count={count}
          saving={saving}
          validAgain={validAgain}
          label={t({ id: 'dashboard:pauseSubscription.summary', message: 'Your pause' })}
          testId="pause-summary"
        />
      </section>

      <PauseError error={view.error} canRetry={view.canRetry} canReload={view.canReload} send={send} />

      <ActionRow>
        <Button variant="primary" isDisabled={view.dialogOpen} onPress={() => send({ type: 'pause.review' })}>
          <Trans id="dashboard:pauseSubscription.review">Pause subscription</Trans>
        </Button>
        <BackLink to={ticketsHref}>
          <Trans id="dashboard:pauseSubscription.cancel">Cancel</Trans>
        </BackLink>
      </ActionRow>

      <AlertDialog
        isOpen={view.dialogOpen}
        onOpenChange={(open) => {
          if (!open) send({ type: 'pause.cancel' });
        }}
        title={t({ id: 'dashboard:pauseSubscription.dialog.title', message: `Pause your subscription for ${period}?` })}
        confirmLabel={t({ id: 'dashboard:pauseSubscription.dialog.confirm', message: 'Pause now' })}
        cancelLabel={t({ id: 'dashboard:pauseSubscription.dialog.cancel', message: 'Back' })}
        isConfirmLoading={view.pausing}
        onConfirm={() => send({ type: 'pause.confirm' })}
      >
        <p>
          {count === 1 ? (
            <Trans id="dashboard:pauseSubscription.dialog.bodyOne">
              You get no ticket for {period}, and its monthly price is not charged: you save {saving}. Your ticket is valid again from {validAgain}.
            </Trans>
          ) : (
            <Trans id="dashboard:pauseSubscription.dialog.bodyMany">
              You get no ticket for the {count} months {period}, and their monthly price is not charged: you save {saving}. Your ticket is valid again from{' '}
              {validAgain}.
            </Trans>
          )}
        </p>
      </AlertDialog>
    </>
  );
}

function PauseError({ error, canRetry, canReload, send }: { error: PauseErrorCode | undefined; canRetry: boolean; canReload: boolean; send: Send }) {
  const { t } = useLingui();
  if (!error) return null;
  const title =
    error === 'monthNotPausable'
      ? t({ id: 'dashboard:pauseSubscription.error.monthNotPausable', message: 'These months can no longer be paused' })
      : error === 'pauseNotPossible'
        ? t({ id: 'dashboard:pauseSubscription.error.pauseNotPossible', message: 'Your subscription can no longer be paused' })
        : t({ id: 'dashboard:pauseSubscription.error.pauseFailed', message: 'Your subscription could not be paused' });
  return (
    <ChangeFailed
      title={title}
      onRetry={canRetry ? () => send({ type: 'pause.retry' }) : undefined}
      onReload={canReload ? () => send({ type: 'subscription.reload' }) : undefined}
    >
      {error === 'monthNotPausable' ? (
        <Trans id="dashboard:pauseSubscription.error.monthNotPausable.description">
          At least one of the chosen months cannot be paused any more, for example because it has begun meanwhile. Nothing has changed. Load the months that can
          be paused now and choose again.
        </Trans>
      ) : error === 'pauseNotPossible' ? (
        <Trans id="dashboard:pauseSubscription.error.pauseNotPossible.description">
          It was terminated or paused meanwhile, for example in another window. Nothing has changed. Load its current state to see what is possible.
        </Trans>
      ) : (
        <Trans id="dashboard:pauseSubscription.error.pauseFailed.description">
          Nothing has changed, and your choice is kept. Please try again in a moment.
        </Trans>
      )}
    </ChangeFailed>
  );
}

/** A pause in three lines: its months, what it saves, and from when the ticket is valid again. */
function PauseSummary(props: { period: string; count: number; saving: string; validAgain: string; label?: string; testId: string }) {
  const { period, count, saving, validAgain, label, testId } = props;
  return (
    <dl className={styles.summary} aria-label={label} data-testid={testId}>
      <dt className={styles.term}>
        <Trans id="dashboard:pauseSubscription.summary.period">Paused</Trans>
      </dt>
      <dd className={styles.definition}>
        {count === 1 ? (
          <Trans id="dashboard:pauseSubscription.summary.periodOne">{period} (1 month)</Trans>
        ) : (
          <Trans id="dashboard:pauseSubscription.summary.periodMany">
            {period} ({count} months)
          </Trans>
        )}
      </dd>
      <dt className={styles.term}>
        <Trans id="dashboard:pauseSubscription.summary.saving">You save</Trans>
      </dt>
      <dd className={styles.definition}>{saving}</dd>
      <dt className={styles.term}>
        <Trans id="dashboard:pauseSubscription.summary.validAgain">Ticket valid again from</Trans>
      </dt>
      <dd className={styles.definition}>{validAgain}</dd>
    </dl>
  );
}

/** A pause or its end that failed: the message, and the retry or the reload where the machine offers them. */
function ChangeFailed({
  title,
  children,
  onRetry,
  onReload,
}: {
  title: string;
  children: ReactNode;
  onRetry: (() => void) | undefined;
  onReload: (() => void) | undefined;
}) {
  return (
    <Alert variant="destructive" headingLevel={2} className={notice} title={title}>
      <p>{children}</p>
      <ActionRow>
        {onRetry ? (
          <Button onPress={onRetry}>
            <Trans id="dashboard:pauseSubscription.error.retry">Try again</Trans>
          </Button>
        ) : null}
        {onReload ? (
          <Button onPress={onReload}>
            <Trans id="dashboard:pauseSubscription.error.reload">Load current state</Trans>
          </Button>
        ) : null}
      </ActionRow>
    </Alert>
  );
}

/** A running or planned pause: what it is, what it saves, and ending it early. */
function CurrentPause({ view, send, locale }: { view: PausedView; send: Send; locale: Locale }) {
  const { t } = useLingui();
  const period = formatPausePeriod(view.pause, locale);
  const saving = formatPrice(view.saving, locale);
  const price = formatPrice(view.monthlyPrice, locale);
  const validAgain = formatDate(firstDayOf(addMonths(view.pause.pauseUntil, 1)), locale);
  const resumeDate = formatDate(firstDayOf(view.resumeMonth), locale);
  const firstDay = formatDate(firstDayOf(view.pause.pauseFrom), locale);
  const count = view.monthCount;
  const charged = view.chargedAgainCount;
  const resumeOptions = view.resumeMonths.map((month) => ({ id: month, label: formatDate(firstDayOf(month), locale) }));

  return (
    <>
      <section className={styles.section} aria-labelledby="pause-current-heading">
        <h2 id="pause-current-heading">
          {view.status === 'running' ? (
            <Trans id="dashboard:pauseSubscription.current.running">Your subscription is paused</Trans>
          ) : (
            <Trans id="dashboard:pauseSubscription.current.planned">A pause is planned</Trans>
          )}
        </h2>
        <PauseSummary period={period} count={count} saving={saving} validAgain={validAgain} testId="pause-current" />
        <p className={styles.text}>
          <Trans id="dashboard:pauseSubscription.current.onePause">
            A subscription can have one pause at a time. To pause other months, end this pause first.
          </Trans>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="pause-resume-heading">
        <h2 id="pause-resume-heading">
          {view.status === 'running' ? (
            <Trans id="dashboard:pauseSubscription.resume.title">End the pause early</Trans>
          ) : (
            <Trans id="dashboard:pauseSubscription.resume.titlePlanned">Change or cancel the planned pause</Trans>
          )}
        </h2>
        <p className={styles.text}>
          {view.status === 'running' ? (
            <Trans id="dashboard:pauseSubscription.resume.description">
              Choose the day your ticket is valid again. From then on the monthly price of {price} is charged again.
            </Trans>
          ) : (
            <Trans id="dashboard:pauseSubscription.resume.descriptionPlanned">
              Choose the day your ticket is valid again. From then on the monthly price of {price} is charged again. Choosing the pause's first day, {firstDay},
              cancels the planned pause.
            </Trans>
          )}
        </p>
        <div className={styles.months}>
          <Select<MonthOption>
            className={styles.monthField}
            label={t({ id: 'dashboard:pauseSubscription.resume.month', message: 'Ticket valid again from' })}
            items={resumeOptions}
            selectedKey={view.resumeMonth}
            isDisabled={view.resuming}
            onSelectionChange={(key) => key !== null && send({ type: 'resumeMonth.choose', month: String(key) })}
          >
            {(item) => <ListBoxItem id={item.id}>{item.label}</ListBoxItem>}
          </Select>
        </div>
      </section>

      <ResumeError error={view.error} canRetry={view.canRetry} canReload={view.canReload} send={send} />

      <ActionRow>
        <Button variant="primary" isDisabled={view.dialogOpen} onPress={() => send({ type: 'resume.review' })}>
          {view.removesPause ? (
            <Trans id="dashboard:pauseSubscription.resume.reviewRemove">Cancel the pause</Trans>
          ) : (
            <Trans id="dashboard:pauseSubscription.resume.review">End the pause early</Trans>
          )}
        </Button>
        <BackLink to={ticketsHref} />
      </ActionRow>

      <AlertDialog
        isOpen={view.dialogOpen}
        onOpenChange={(open) => {
          if (!open) send({ type: 'resume.cancel' });
        }}
        title={
          view.removesPause
            ? t({ id: 'dashboard:pauseSubscription.resumeDialog.titleRemove', message: `Cancel the planned pause (${period})?` })
            : t({ id: 'dashboard:pauseSubscription.resumeDialog.title', message: `End the pause on ${resumeDate}?` })
        }
        confirmLabel={
          view.removesPause
            ? t({ id: 'dashboard:pauseSubscription.resumeDialog.confirmRemove', message: 'Cancel pause' })
            : t({ id: 'dashboard:pauseSubscription.resumeDialog.confirm', message: 'End pause' })
        }
        cancelLabel={t({ id: 'dashboard:pauseSubscription.resumeDialog.cancel', message: 'Keep pause' })}
        isConfirmLoading={view.resuming}
        onConfirm={() => send({ type: 'resume.confirm' })}
      >
        <p>
          {charged === 1 ? (
            <Trans id="dashboard:pauseSubscription.resumeDialog.bodyOne">
              Your ticket is valid again from {resumeDate}. The monthly price of {price} is charged again from then on: for 1 month more than with the pause.
            </Trans>
          ) : (
            <Trans id="dashboard:pauseSubscription.resumeDialog.bodyMany">
              Your ticket is valid again from {resumeDate}. The monthly price of {price} is charged again from then on: for {charged} months more than with the
              pause.
            </Trans>
          )}
        </p>
      </AlertDialog>
    </>
  );
}

function ResumeError({ error, canRetry, canReload, send }: { error: ResumeErrorCode | undefined; canRetry: boolean; canReload: boolean; send: Send }) {
  const { t } = useLingui();
  if (!error) return null;
  const title =
    error === 'resumeMonthNotPossible'
      ? t({ id: 'dashboard:pauseSubscription.error.resumeMonthNotPossible', message: 'The pause cannot end on this day any more' })
      : error === 'pauseNotFound'
        ? t({ id: 'dashboard:pauseSubscription.error.pauseNotFound', message: 'This pause has changed meanwhile' })
        : t({ id: 'dashboard:pauseSubscription.error.resumeFailed', message: 'Your pause could not be ended' });
  return (
    <ChangeFailed
      title={title}
      onRetry={canRetry ? () => send({ type: 'resume.retry' }) : undefined}
      onReload={canReload ? () => send({ type: 'subscription.reload' }) : undefined}
    >
      {error === 'resumeMonthNotPossible' ? (
        <Trans id="dashboard:pauseSubscription.error.resumeMonthNotPossible.description">
          The chosen day is in the past now. Nothing has changed. Load the current state and choose again.
        </Trans>
      ) : error === 'pauseNotFound' ? (
        <Trans id="dashboard:pauseSubscription.error.pauseNotFound.description">
          It was ended or changed meanwhile, for example in another window. Nothing has changed here. Load the current state to see your pause.
        </Trans>
      ) : (
        <Trans id="dashboard:pauseSubscription.error.resumeFailed.description">
          Nothing has changed, and your choice is kept. Please try again in a moment.
        </Trans>
      )}
    </ChangeFailed>
  );
}

/** What the last change did; it takes the focus when it appears. */
function ResultMessage({ result, monthlyPrice, locale }: { result: PauseResult | undefined; monthlyPrice: number | undefined; locale: Locale }) {
  const { t } = useLingui();
  if (!result) return null;
  let title: string;
  let body: string;
  if (result.kind === 'paused') {
    const period = formatPausePeriod(result.pause, locale);
    const saving = formatPrice(pauseSaving(result.pause, monthlyPrice ?? 0), locale);
    const validAgain = formatDate(firstDayOf(addMonths(result.pause.pauseUntil, 1)), locale);
    title = t({ id: 'dashboard:pauseSubscription.result.paused', message: `Your subscription is paused for ${period}` });
    body = t({
      id: 'dashboard:pauseSubscription.result.paused.description',
      message: `You save ${saving}. Your ticket is valid again from ${validAgain}. You can end the pause early here.`,
    });
  } else if (result.removed) {
    title = t({ id: 'dashboard:pauseSubscription.result.removed', message: 'Your pause has been cancelled' });
    body = t({
      id: 'dashboard:pauseSubscription.result.removed.description',
      message: 'Your ticket stays valid every month, and its monthly price is charged as before.',
    });
  } else {
    const date = formatDate(firstDayOf(result.month), locale);
    title = t({ id: 'dashboard:pauseSubscription.result.resumed', message: `Your pause ends early: your ticket is valid again from ${date}` });
    body = t({ id: 'dashboard:pauseSubscription.result.resumed.description', message: 'From then on its monthly price is charged again.' });
  }
  return (
    <div data-pause-result="" tabIndex={-1} className={notice}>
      <Alert variant="success" headingLevel={2} announce title={title}>
        {body}
      </Alert>
    </div>
  );
}

/** Nothing can be paused: a terminated or ended subscription, or one that is not running. */
function NotPausable({ terminateDate, locale }: { terminateDate: string | undefined; locale: Locale }) {
  const { t } = useLingui();
  const date = terminateDate ? formatDate(terminateDate, locale) : undefined;
  return (
    <>
      <Alert
        variant="warning"
        headingLevel={2}
        className={notice}
        title={t({ id: 'dashboard:pauseSubscription.notPausable.title', message: 'This subscription cannot be paused' })}
      >
        {date ? (
          <Trans id="dashboard:pauseSubscription.notPausable.terminated">
            Your subscription is terminated effective {date}; a terminated subscription cannot be paused.
          </Trans>
        ) : (
          <Trans id="dashboard:pauseSubscription.notPausable.description">Only a running subscription that is not terminated can be paused.</Trans>
        )}
      </Alert>
      <ActionRow>
        <BackLink to={ticketsHref} />
      </ActionRow>
    </>
  );
}
