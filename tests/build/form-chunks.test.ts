// @vitest-environment node
import { built, builtChunks } from './built';

/**
 * The birth date's field (react-aria's DateField over @internationalized/date, about 22 KiB gzip)
 * is loaded by the pages that ask for a birth date and by no other form (issue 14): the form hook
 * does not register it (src/forms/form-hook.ts), the person fields and the contract cancellation
 * import it themselves. Before, every page with a form loaded it inside the shared form chunk,
 * which was over the 45 KiB each lazily loaded file may have. `npm test` builds first;
 * `BUNDLE_DIR` checks another build folder.
 */

describe.runIf(built)('the birth date’s code', () => {
  const { manifest, code, loadedWith } = builtChunks();
  const carriesDates = (route: string) => [...loadedWith(route)].some((key) => code(key).includes(dateLibrary));
  // @internationalized/date's parseDate message: in the bundle wherever the library is.
  const dateLibrary = 'Invalid ISO 8601 date string';
  const route = (file: string) => `src/routes/${file}?tsr-split=component`;

  it.each([
    ['the e-mail change', route('app/_signedIn/dashboard/account/email.tsx')],
    ['the password change', route('app/_signedIn/dashboard/account/password.tsx')],
    ['the password reset', route('password-reset.tsx')],
    ['the payment information', route('app/_signedIn/dashboard/account/payment-information.tsx')],
  ])('is not loaded by %s, a form without a birth date', (_page, key) => {
    expect(manifest[key], key).toBeDefined();
    expect(loadedWith(key).size).toBeGreaterThan(1);
    expect(carriesDates(key)).toBe(false);
  });

  it.each([
    ['the traveler change', route('app/_signedIn/dashboard/subscription/$subscriptionId/traveler.tsx')],
    ['the contract cancellation', route('cancel-contract.tsx')],
  ])('is loaded by %s, which asks for one', (_page, key) => {
    expect(carriesDates(key)).toBe(true);
  });
});

/**
 * The select (react-aria's Select with its list box and popover, about 38 KiB gzip) is loaded by
 * the pages with an address and by no other form (issue 14): the form hook does not register it,
 * the address fields render `<SelectField>` (src/forms/select-field.tsx) themselves. Before, every
 * form loaded it, the order wizard's first step too, although only its billing step has one.
 */
describe.runIf(built)('the select’s code', () => {
  const { manifest, code, loadedWith } = builtChunks();
  const carriesSelect = (chunk: string) => [...loadedWith(chunk)].some((key) => code(key).includes(selectLibrary));
  // react-aria's HiddenSelect (the native select a Select renders for autofill) marks its container so.
  const selectLibrary = 'hidden-select-container';
  const route = (file: string) => `src/routes/${file}?tsr-split=component`;
  const step = (name: string) => `src/flows/order-wizard/steps/${name}-step.tsx`;

  it.each([
    ['the order page', route('order.tsx')],
    ['the order page for a customer', route('app/_signedIn/order/index.tsx')],
    ['the order’s start step, deuti’s first', step('start-traveler')],
    ['the order’s company step, joti’s and seti’s first', step('company')],
    ['the order’s account step', step('account')],
    ['the e-mail change', route('app/_signedIn/dashboard/account/email.tsx')],
    ['the password reset', route('password-reset.tsx')],
    ['the traveler change', route('app/_signedIn/dashboard/subscription/$subscriptionId/traveler.tsx')],
  ])('is not loaded by %s, which has no address', (_page, key) => {
    expect(manifest[key], key).toBeDefined();
    expect(loadedWith(key).size).toBeGreaterThan(1);
    expect(carriesSelect(key)).toBe(false);
  });

  it.each([
    ['the order’s billing step', step('billing')],
    ['the billing address change', route('app/_signedIn/dashboard/order/$orderId/billing-address.tsx')],
  ])('is loaded by %s, which asks for a country', (_page, key) => {
    expect(carriesSelect(key)).toBe(true);
  });
});
