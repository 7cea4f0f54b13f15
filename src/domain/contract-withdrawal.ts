/**
 * The right of withdrawal from a new contract (§ 355 BGB, issue 30, decision 29): a consumer may
 * withdraw within 14 days of concluding it. The period begins on the day after the contract was
 * concluded (§ 187(1) BGB: the day of the event does not count) and ends with the 14th day
 * (§ 188(1) BGB). A subscription that has not started yet can be withdrawn until the day before its
 * start, even when the 14 days are over (the operator's rule, as the sandbox answers it).
 *
 * One rule for the sandbox (which answers `withdrawableUntil` and refuses a late cancelSubscription
 * with 409) and the portal (which offers the withdrawal while the server's date has not passed).
 * Dates are local calendar dates, YYYY-MM-DD.
 */

/** Days after the conclusion of the contract during which it can be withdrawn (§ 355(2) BGB). */
export const withdrawalPeriodDays = 14;

/** The calendar date `days` after `date` (both YYYY-MM-DD; negative goes back). */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return moved.toISOString().slice(0, 10);
}

/** The last day of the statutory period: the 14th day after the day the contract was concluded. */
export function withdrawalPeriodEnd(concludedOn: string): string {
  return addDays(concludedOn, withdrawalPeriodDays);
}

/**
 * The last day a contract concluded on `concludedOn` that starts on `startsOn` can be withdrawn:
 * the end of the 14 days, or the day before the start when that is later.
 */
export function withdrawableUntil({ concludedOn, startsOn }: { concludedOn: string; startsOn: string }): string {
  const periodEnd = withdrawalPeriodEnd(concludedOn);
  const dayBeforeStart = addDays(startsOn, -1);
  return dayBeforeStart > periodEnd ? dayBeforeStart : periodEnd;
}

/** Whether a withdrawal is possible on `today`: the last day (`until`, inclusive) has not passed. */
export function isWithdrawable(until: string | null | undefined, today: string): boolean {
  return typeof until === 'string' && until !== '' && today <= until;
}
