// @vitest-environment node
import {
  addMonths,
  currentPauseOf,
  firstDayOf,
  formatPausePeriod,
  isPausedMonth,
  monthOf,
  monthsFromTo,
  pauseMonthCount,
  pauseSaving,
  pauseStatusOf,
  resumedMonthCount,
  resumeMonthsOf,
  resumeRemovesPause,
} from '#src/domain/pause';

/** The pause rules the portal explains and the tickets list shows (src/domain/pause.ts). */
describe('pause months', () => {
  it('counts months across a year end, both ends included', () => {
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(monthsFromTo('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsFromTo('2026-11', '2026-10')).toEqual([]);
    expect(pauseMonthCount({ pauseFrom: '2026-12', pauseUntil: '2027-02' })).toBe(3);
    expect(monthOf(new Date(2026, 0, 31))).toBe('2026-01');
    expect(monthOf('2026-07-15')).toBe('2026-07');
    expect(firstDayOf('2026-08')).toBe('2026-08-01');
  });

  it('a paused month is not charged: the saving is months × price, to the cent', () => {
    expect(pauseSaving({ pauseFrom: '2026-08', pauseUntil: '2026-10' }, 63)).toBe(189);
    expect(pauseSaving({ pauseFrom: '2026-08', pauseUntil: '2026-10' }, 37.8)).toBe(113.4);
    expect(pauseSaving({ pauseFrom: '2026-08', pauseUntil: '2026-08' }, 0)).toBe(0);
  });

  it('the current pause is the running or planned one; an ended one is history', () => {
    const over = { pauseFrom: '2026-01', pauseUntil: '2026-02' };
    const planned = { pauseFrom: '2026-08', pauseUntil: '2026-09' };
    const running = { pauseFrom: '2026-05', pauseUntil: '2026-07' };
    expect(currentPauseOf([over, planned], '2026-06')).toEqual(planned);
    expect(currentPauseOf([over], '2026-06')).toBeUndefined();
    expect(currentPauseOf(undefined, '2026-06')).toBeUndefined();
    expect(pauseStatusOf(planned, '2026-06')).toBe('planned');
    expect(pauseStatusOf(running, '2026-06')).toBe('running');
    expect(pauseStatusOf(over, '2026-06')).toBe('over');
    expect(isPausedMonth([running], '2026-07')).toBe(true);
    expect(isPausedMonth([running], '2026-08')).toBe(false);
  });

  it('a pause ends early from this month or its first month on; its first month removes it', () => {
    const running = { pauseFrom: '2026-05', pauseUntil: '2026-08' };
    expect(resumeMonthsOf(running, '2026-06')).toEqual(['2026-06', '2026-07', '2026-08']);
    expect(resumeRemovesPause(running, '2026-06')).toBe(false);
    expect(resumedMonthCount(running, '2026-07')).toBe(2);
    const planned = { pauseFrom: '2026-08', pauseUntil: '2026-09' };
    expect(resumeMonthsOf(planned, '2026-06')).toEqual(['2026-08', '2026-09']);
    expect(resumeRemovesPause(planned, '2026-08')).toBe(true);
    expect(resumeMonthsOf({ pauseFrom: '2026-01', pauseUntil: '2026-02' }, '2026-06')).toEqual([]);
  });

  it('names a pause as each locale writes a span of months', () => {
    expect(formatPausePeriod({ pauseFrom: '2026-07', pauseUntil: '2026-07' }, 'de-DE')).toBe('Juli 2026');
    expect(formatPausePeriod({ pauseFrom: '2026-07', pauseUntil: '2026-07' }, 'en-US')).toBe('July 2026');
    expect(formatPausePeriod({ pauseFrom: '2026-07', pauseUntil: '2026-09' }, 'de-DE')).toMatch(/^Juli\s?–\s?September 2026$/);
    expect(formatPausePeriod({ pauseFrom: '2026-12', pauseUntil: '2027-02' }, 'en-US')).toMatch(/^December 2026\s–\sFebruary 2027$/);
  });
});
