import { describe, expect, it } from 'vitest';

import { addDays, isWithdrawable, withdrawableUntil, withdrawalPeriodDays, withdrawalPeriodEnd } from '#src/domain/contract-withdrawal';

describe('the 14-day right of withdrawal (§ 355 BGB)', () => {
  it('is 14 days', () => {
    expect(withdrawalPeriodDays).toBe(14);
  });

  it('ends with the 14th day after the day of conclusion (the day itself does not count)', () => {
    expect(withdrawalPeriodEnd('2026-11-03')).toBe('2026-11-17');
    // Across a month's and a year's end, and February of a leap year.
    expect(withdrawalPeriodEnd('2026-11-28')).toBe('2026-12-12');
    expect(withdrawalPeriodEnd('2026-12-25')).toBe('2027-01-08');
    expect(withdrawalPeriodEnd('2028-02-20')).toBe('2028-03-05');
  });

  it('is possible on the last day and not the day after', () => {
    const until = withdrawalPeriodEnd('2026-11-03');
    expect(isWithdrawable(until, '2026-11-03')).toBe(true);
    expect(isWithdrawable(until, '2026-11-16')).toBe(true);
    expect(isWithdrawable(until, '2026-11-17')).toBe(true);
    expect(isWithdrawable(until, '2026-11-18')).toBe(false);
  });

  it('is not possible without a date (the server says none: terminated, revoked, canceled, over)', () => {
    expect(isWithdrawable(null, '2026-11-03')).toBe(false);
    expect(isWithdrawable(undefined, '2026-11-03')).toBe(false);
    expect(isWithdrawable('', '2026-11-03')).toBe(false);
  });

  it('runs until the day before the start when the contract starts after the 14 days', () => {
    // Concluded on 3 November, starts on 1 January: withdrawable until 31 December.
    const until = withdrawableUntil({ concludedOn: '2026-11-03', startsOn: '2027-01-01' });
    expect(until).toBe('2026-12-31');
    expect(isWithdrawable(until, '2026-12-31')).toBe(true);
    expect(isWithdrawable(until, '2027-01-01')).toBe(false);
  });

  it('is the 14 days when the contract has started or starts within them', () => {
    expect(withdrawableUntil({ concludedOn: '2026-11-25', startsOn: '2026-12-01' })).toBe('2026-12-09');
    expect(withdrawableUntil({ concludedOn: '2026-11-03', startsOn: '2026-11-01' })).toBe('2026-11-17');
    // The start on the day after the 14th: the day before it is the 14th day itself.
    expect(withdrawableUntil({ concludedOn: '2026-11-03', startsOn: '2026-11-18' })).toBe('2026-11-17');
    expect(withdrawableUntil({ concludedOn: '2026-11-03', startsOn: '2026-11-19' })).toBe('2026-11-18');
  });

  it('counts calendar days in UTC, whatever the time zone', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24');
  });
});
