import { isSpecialPartlySubsidizedCompany, priceText, skipsPayment, specialPartlySubsidizedCompanyIds } from '#src/domain/price';

describe('price text (SPEC.md 4.2)', () => {
  it.each([
    // customerRealPrice, totalPrice, companyId, text
    [0, 63, 'TDX9950', 'fullySubsidized'],
    [0, 63, undefined, 'fullySubsidized'],
    [0, 63, 'TDX9960', 'fullySubsidized'], // a special id, but nothing to pay: the full text
    [47.25, 63, 'TDX9966', 'partlySubsidized'], // TDX9966 is not in the list
    [38, 63, 'TDX9960', 'specialPartlySubsidized'],
    [38, 63, 'TDX9975', 'specialPartlySubsidized'],
    [38, 63, ' TDX9961 ', 'specialPartlySubsidized'], // trimmed, as the quote request keys it
    [38, 63, 'TDX9976', 'partlySubsidized'],
    [38, 63, 'TDX9959', 'partlySubsidized'],
    [38, 63, 'tdx9960', 'partlySubsidized'], // ids are upper case
    [38, 63, undefined, 'partlySubsidized'],
    [0.01, 63, 'UNI0001', 'partlySubsidized'],
    [62.99, 63, 'UNI0001', 'partlySubsidized'],
    [63, 63, 'DEU4900', 'notSubsidized'], // the full price
    [63, 63, 'TDX9960', 'notSubsidized'], // a special id at the full price: not subsidized
    [70, 63, 'TDX9951', 'notSubsidized'], // above the total
    [-1, 63, 'TDX9951', 'notSubsidized'], // nonsense is not called a subsidy
    [0, 0, 'DEU4900', 'fullySubsidized'],
  ] as const)('customerRealPrice %d of %d, company %j: %s', (customerRealPrice, totalPrice, companyId, expected) => {
    expect(priceText({ customerRealPrice, totalPrice }, companyId)).toBe(expected);
  });

  it('has the 15 special ids TDX9960 to TDX9975 without TDX9966', () => {
    expect(specialPartlySubsidizedCompanyIds).toHaveLength(15);
    expect(specialPartlySubsidizedCompanyIds).not.toContain('TDX9966');
    expect(specialPartlySubsidizedCompanyIds[0]).toBe('TDX9960');
    expect(specialPartlySubsidizedCompanyIds.at(-1)).toBe('TDX9975');
    expect(isSpecialPartlySubsidizedCompany(undefined)).toBe(false);
  });

  it.each([
    [0, true],
    [0.01, false],
    [63, false],
  ])('customerPrice %d skips the payment: %s (SPEC.md 4.1, 7.2)', (customerPrice, expected) => {
    expect(skipsPayment({ customerPrice })).toBe(expected);
  });
});
