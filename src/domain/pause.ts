/**
 * Pausing a subscription in whole months (SPEC.md 1, 4.4, 7.3; the contract's PauseRequest and
 * SubscriptionPause). The rules the sandbox enforces (sandbox/tickets/subscription-lifecycle.ts)
 * and the portal explains:
 *
 * - Whole months, `YYYY-MM`, from `pauseFrom` to `pauseUntil` inclusive; the months that can be
 *   chosen are the pause state's `pausableMonths` (from next month on, at most 12 months ahead).
 * - One pause at a time: a subscription with a running or planned pause cannot be paused again
 *   until it is over or removed; a terminated or ended one cannot be paused.
 * - No ticket and no monthly price for a paused month.
 * - Resuming (DELETE with `pauseDate`, the first day of the month the ticket is valid again) ends
 *   the pause the month before; resuming from its first month removes it. Not from a past month.
 *
 * Pure: the pause flow, the tickets list and the tests share it.
 */

export interface PausePeriod {
  /** The first paused month, YYYY-MM. */
  pauseFrom: string;
  /** The last paused month, YYYY-MM (inclusive). */
  pauseUntil: string;
}

const monthPattern = /^(\d{4})-(\d{2})$/;

function monthIndex(month: string): number {
  const match = monthPattern.exec(month.slice(0, 7));
  if (!match) throw new Error(`Not a month: ${month}`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function monthOfIndex(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month of a date or a `Date` (local calendar), YYYY-MM. */
export function monthOf(date: string | Date): string {
  if (typeof date === 'string') return date.slice(0, 7);
  return monthOfIndex(date.getFullYear() * 12 + date.getMonth());
}

export function addMonths(month: string, count: number): string {
  return monthOfIndex(monthIndex(month) + count);
}

/** The months from `from` to `until`, both included; empty when `until` is before `from`. */
export function monthsFromTo(from: string, until: string): string[] {
  const months: string[] = [];
  for (let index = monthIndex(from); index <= monthIndex(until); index += 1) months.push(monthOfIndex(index));
  return months;
}

/** How many months a pause lasts (both ends included). */
export function pauseMonthCount(pause: PausePeriod): number {
  return Math.max(0, monthIndex(pause.pauseUntil) - monthIndex(pause.pauseFrom) + 1);
}

/** What a pause saves: the monthly price is not charged for a paused month (in euros, to the cent). */
export function pauseSaving(pause: PausePeriod, monthlyPrice: number): number {
  return Math.round(pauseMonthCount(pause) * monthlyPrice * 100) / 100;
}

/** The first day of a month, as the resume call's `pauseDate` wants it: `2026-08` → `2026-08-01`. */
export function firstDayOf(month: string): string {
  return `${month.slice(0, 7)}-01`;
}

/**
 * The pause that is running or ahead in `thisMonth` (a subscription has at most one); undefined
 * when there is none. A pause that is over is history and not shown.
 */
export function currentPauseOf(pauses: readonly PausePeriod[] | undefined, thisMonth: string): PausePeriod | undefined {
  return (pauses ?? []).filter((pause) => pause.pauseUntil >= thisMonth).sort((a, b) => a.pauseFrom.localeCompare(b.pauseFrom))[0];
}

/** Whether `month` is paused: no ticket and no price for it. */
export function isPausedMonth(pauses: readonly PausePeriod[] | undefined, month: string): boolean {
  return (pauses ?? []).some((pause) => pause.pauseFrom <= month && month <= pause.pauseUntil);
}

/** How a pause stands in `thisMonth`: running now, planned (begins later), or over. */
export function pauseStatusOf(pause: PausePeriod, thisMonth: string): 'running' | 'planned' | 'over' {
  if (pause.pauseUntil < thisMonth) return 'over';
  return pause.pauseFrom <= thisMonth ? 'running' : 'planned';
}

/**
 * The months from which a pause can be ended early (the ticket is valid again from the first of
 * that month): from its first month (which removes it) or this month, whichever is later, to its
 * last month. Empty for a pause that is over.
 */
export function resumeMonthsOf(pause: PausePeriod, thisMonth: string): string[] {
  const from = pause.pauseFrom > thisMonth ? pause.pauseFrom : thisMonth;
  return monthsFromTo(from, pause.pauseUntil);
}

/** Whether resuming from `month` removes the pause entirely (it had not begun by then). */
export function resumeRemovesPause(pause: PausePeriod, month: string): boolean {
  return month <= pause.pauseFrom;
}

/** The months the customer pays again after resuming from `month`: from it to the pause's end. */
export function resumedMonthCount(pause: PausePeriod, month: string): number {
  return monthsFromTo(month, pause.pauseUntil).length;
}

/**
 * A pause's months as the locale writes them: "Juli–September 2026", "July – September 2026",
 * "Dezember 2026 – Februar 2027", or one month alone ("Juli 2026"). For the tickets list and the
 * pause screen.
 */
export function formatPausePeriod(pause: PausePeriod, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const start = dateOfMonth(pause.pauseFrom);
  if (pause.pauseFrom === pause.pauseUntil) return format.format(start);
  return format.formatRange(start, dateOfMonth(pause.pauseUntil));
}

function dateOfMonth(month: string): Date {
  const index = monthIndex(month);
  return new Date(Date.UTC(Math.floor(index / 12), index % 12, 1));
}
