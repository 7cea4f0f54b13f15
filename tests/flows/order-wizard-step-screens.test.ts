import { stepsOf } from '#machines/order-wizard/order-wizard.machine';
import { productNames, products } from '#src/domain/product';
import { stepsAround } from '#src/flows/order-wizard/order-wizard-page';
import { firstStepShown, stepScreens } from '#src/flows/order-wizard/step-screens';

describe('the order wizard’s step screens', () => {
  it.each(productNames.flatMap((product) => [true, false].map((registration) => [product, registration] as const)))(
    'the order route preloads the step %s shows first (registration: %s)',
    (product, registration) => {
      const first = stepsOf({ product, registration, userId: undefined, signedIn: !registration })[0];
      expect(firstStepShown(products[product], undefined)).toBe(first);
    },
  );

  it('the order route preloads the URL’s step (a reload, the way back from the sign-in)', () => {
    expect(firstStepShown(products.deuti, 'summary')).toBe('summary');
    expect(firstStepShown(products.joti, 'billing')).toBe('billing');
  });

  it('has a screen for every step, each loading its own module', async () => {
    expect(Object.keys(stepScreens).sort()).toEqual(['account', 'billing', 'company', 'startAndTraveler', 'summary']);
    for (const screen of Object.values(stepScreens)) await screen.preload?.();
  });

  it('preloads the next and the previous step, and on the summary the steps it edits', () => {
    const steps = ['company', 'startAndTraveler', 'billing', 'account', 'summary'] as const;
    expect(stepsAround(steps, 'company', [])).toEqual(['startAndTraveler']);
    expect(stepsAround(steps, 'billing', [])).toEqual(['account', 'startAndTraveler']);
    expect(stepsAround(steps, 'summary', ['company', 'startAndTraveler', 'billing', 'account'])).toEqual(['account', 'company', 'startAndTraveler', 'billing']);
    expect(stepsAround(['startAndTraveler', 'billing', 'summary'], 'summary', ['startAndTraveler'])).toEqual(['billing', 'startAndTraveler']);
    expect(stepsAround(steps, undefined, [])).toEqual([]);
  });
});
