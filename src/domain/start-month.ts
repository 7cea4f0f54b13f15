/**
 * SPEC.md 4.1 and 9: the order wizard warns (a dialog) when the chosen start month is the current
 * month and today is the 11th or later, because most of the month is gone but a whole month is paid.
 * Pure: dates are `YYYY-MM-DD` strings and `today` is the caller's (the local calendar date, see
 * `toIsoDate` in personal-fields.ts), so the rule has no clock of its own.
 */

/** SPEC.md 9: from this day of the month on, starting in the current month shows the warning. */
export const startMonthWarningDay = 11;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(value: string): { year: number; month: number; day: number } {
  const match = isoDate.exec(value);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${value}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw new RangeError(`no such date: ${value}`);
  return { year, month, day };
}

/** True when `startDate` lies in the month of `today` and `today` is day 11 or later. */
export function needsStartMonthWarning(startDate: string, today: string): boolean {
  const start = parts(startDate);
  const now = parts(today);
  return start.year === now.year && start.month === now.month && now.day >= startMonthWarningDay;
}
