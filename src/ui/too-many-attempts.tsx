import { Trans, useLingui } from '@lingui/react/macro';

import { Alert } from './alert';
import { notice } from './notice.css';

export interface TooManyAttemptsProps {
  /** When the customer may try again (ISO date-time, from the answer's Retry-After); unknown without it. */
  retryAt: string | undefined;
  /** The clock, for tests. */
  now?: () => number;
}

/** Whole minutes until `retryAt`, at least one. */
export function minutesUntil(retryAt: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(retryAt) - now) / 60_000));
}

/**
 * A call refused by a guessing limit (429 `tooManyAttempts`, decision 28): a destructive alert that
 * says it is locked for the customer's protection and how many minutes to wait. What was typed stays
 * in the form beside it.
 */
export function TooManyAttempts({ retryAt, now = Date.now }: TooManyAttemptsProps) {
  const { t } = useLingui();
  const minutes = retryAt ? minutesUntil(retryAt, now()) : undefined;
  return (
    <Alert
      variant="destructive"
      headingLevel={2}
      className={notice}
      title={t({ id: 'common:tooManyAttempts.title', message: 'Too many unsuccessful attempts' })}
    >
      {minutes === undefined ? (
        <Trans id="common:tooManyAttempts.later">For your protection, this form is locked. Please try again later.</Trans>
      ) : minutes === 1 ? (
        <Trans id="common:tooManyAttempts.oneMinute">For your protection, this form is locked. Please try again in one minute.</Trans>
      ) : (
        <Trans id="common:tooManyAttempts.minutes">For your protection, this form is locked. Please try again in {minutes} minutes.</Trans>
      )}
    </Alert>
  );
}
