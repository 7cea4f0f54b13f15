import fc from 'fast-check';

import { needsStartMonthWarning, startMonthWarningDay } from '#src/domain/start-month';

describe('start-month warning (SPEC.md 4.1, 9)', () => {
  it.each([
    // start date, today, warning
    ['2026-07-01', '2026-07-10', false], // current month, day 10: not yet
    ['2026-07-01', '2026-07-11', true], // current month, day 11: warn
    ['2026-07-01', '2026-07-31', true], // current month, last day
    ['2026-07-15', '2026-07-11', true], // any day of the current month counts
    ['2026-08-01', '2026-07-25', false], // next month
    ['2026-06-01', '2026-07-20', false], // an earlier month is not the current one
    ['2025-07-01', '2026-07-20', false], // same month number, another year
    ['2027-07-01', '2026-07-20', false],
    ['2026-12-01', '2026-12-11', true], // December
    ['2027-01-01', '2026-12-31', false], // year change
    ['2026-02-01', '2026-02-28', true],
    ['2028-02-01', '2028-02-29', true], // leap day
    ['2026-07-01', '2026-07-01', false],
  ])('start %s, today %s: %s', (startDate, today, expected) => {
    expect(needsStartMonthWarning(startDate, today)).toBe(expected);
  });

  it.each([['2026-02-30'], ['2026-13-01'], ['01.07.2026'], ['']])('refuses %j as a date', (bad) => {
    expect(() => needsStartMonthWarning(bad, '2026-07-11')).toThrow(RangeError);
    expect(() => needsStartMonthWarning('2026-07-01', bad)).toThrow(RangeError);
  });

  const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  it('property: warns exactly when the months are equal and the day of today is 11 or later', () => {
    fc.assert(
      fc.property(day, day, (startDate, today) => {
        const expected = startDate.slice(0, 7) === today.slice(0, 7) && Number(today.slice(8, 10)) >= startMonthWarningDay;
        expect(needsStartMonthWarning(startDate, today)).toBe(expected);
      }),
    );
  });
});
