import { partsFor } from '#src/i18n/i18n';

describe('the catalog parts a page waits for (src/start-up/catalog-parts.ts)', () => {
  it('the start page its own, the public order page the start and order parts, every other page all', () => {
    expect(partsFor('/')).toEqual(['start']);
    expect(partsFor('/order')).toEqual(['start', 'order']);
    // The signed-in order page is inside the dashboard's frame, whose texts are in the rest.
    expect(partsFor('/app/order')).toEqual(['start', 'order', 'rest']);
    expect(partsFor('/order/')).toEqual(['start', 'order', 'rest']);
    expect(partsFor('/app/dashboard')).toEqual(['start', 'order', 'rest']);
    expect(partsFor('/legal/agb')).toEqual(['start', 'order', 'rest']);
  });
});
