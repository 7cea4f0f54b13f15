import { formatDate, formatMonth, formatPrice } from '#src/i18n/format';

// Intl puts a no-break space between amount and euro sign in German.
const nbsp = '\u00a0';

describe('formatPrice (SPEC.md 9: 2 decimals, comma in German, dot in English)', () => {
  it.each([
    [63, 'de-DE', `63,00${nbsp}€`],
    [63, 'en-US', '€63.00'],
    [0, 'de-DE', `0,00${nbsp}€`],
    [12.5, 'en-US', '€12.50'],
    [1234.567, 'de-DE', `1.234,57${nbsp}€`],
    [1234.567, 'en-US', '€1,234.57'],
  ] as const)('%s in %s is %s', (amount, locale, expected) => {
    expect(formatPrice(amount, locale)).toBe(expected);
  });
});

describe('formatDate', () => {
  it('writes dates as each locale does', () => {
    expect(formatDate('2027-03-01', 'de-DE')).toBe('01.03.2027');
    expect(formatDate('2027-03-01', 'en-US')).toBe('03/01/2027');
  });

  it('does not shift a calendar date by the time zone', () => {
    expect(formatDate('2026-12-31', 'de-DE')).toBe('31.12.2026');
  });

  it('names a month', () => {
    expect(formatMonth('2027-03-01', 'de-DE')).toBe('März 2027');
    expect(formatMonth('2027-03-01', 'en-US')).toBe('March 2027');
  });
});

describe('formatters', () => {
  it('are made once per locale and kind: a render formats many values, and making a formatter costs most', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      formatMonth('2031-03-01', 'de-DE');
      formatMonth('2031-04-01', 'de-DE');
      formatMonth('2031-05-01', 'de-DE');
      expect(made.mock.calls.length).toBeLessThanOrEqual(1);
      expect(formatMonth('2031-05-01', 'de-DE')).toBe('Mai 2031');
    } finally {
      made.mockRestore();
    }
  });
});
