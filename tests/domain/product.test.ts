import { products, resolveProduct } from '#src/domain/product';

describe('product rules (SPEC.md 6.1)', () => {
  it.each([
    // name, id, hasCompanies, staffNumberChangeable, travelerMustBeSubscriber, billingNameChangeable
    ['deuti', 9999, false, false, false, true],
    ['joti', 9998, true, true, true, true],
    ['seti', 9996, true, false, true, false],
  ] as const)('%s', (name, id, hasCompanies, staffNumberChangeable, travelerMustBeSubscriber, billingNameChangeable) => {
    expect(products[name]).toEqual({ name, id, hasCompanies, staffNumberChangeable, travelerMustBeSubscriber, billingNameChangeable });
  });

  it.each([
    ['joti', 'joti'],
    ['seti', 'seti'],
    [9998, 'joti'],
    ['9996', 'seti'],
    [' 9998 ', 'joti'],
    ['deuti', 'deuti'],
    ['bahncard', 'deuti'],
    [1234, 'deuti'],
    ['', 'deuti'],
    [undefined, 'deuti'],
    [null, 'deuti'],
  ])('resolves %j to %s (unknown means deuti)', (input, expected) => {
    expect(resolveProduct(input).name).toBe(expected);
  });
});
