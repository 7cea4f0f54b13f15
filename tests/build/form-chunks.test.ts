// @vitest-environment node
import { built, builtChunks } from './built';

const route = (file: string) => `src/routes/${file}?tsr-split=component`;
const step = (name: string) => `src/flows/order-wizard/steps/${name}-step.tsx`;

/**
 * A library only some forms need is loaded with those and with no other (issue 14): `marker` is a
 * text of its code, in the bundle wherever the library is; each case is a page and its chunk.
 */
function loadedOnlyWhereUsed(what: string, marker: string, cases: { without: [string, string][]; withIt: [string, string][]; because: [string, string] }) {
  describe.runIf(built)(what, () => {
    const { manifest, code, loadedWith } = builtChunks();
    const carries = (chunk: string) => [...loadedWith(chunk)].some((key) => code(key).includes(marker));

    it.each(cases.without)(`is not loaded by %s, ${cases.because[0]}`, (_page, key) => {
      expect(manifest[key], key).toBeDefined();
      expect(loadedWith(key).size).toBeGreaterThan(1);
      expect(carries(key)).toBe(false);
    });

    it.each(cases.withIt)(`is loaded by %s, ${cases.because[1]}`, (_page, key) => {
      expect(carries(key)).toBe(true);
    });
  });
}

/**
 * The birth date's field (react-aria's DateField over @internationalized/date, about 22 KiB gzip)
 * is loaded by the pages that ask for a birth date and by no other form: the form hook does not
 * register it (src/forms/form-hook.ts), the person fields and the contract cancellation import it
 * themselves. Before, every page with a form loaded it inside the shared form chunk, which was over
 * the 45 KiB each lazily loaded file may have. `npm test` builds first; `BUNDLE_DIR` checks another
 * build folder. The marker: @internationalized/date's parseDate message.
 */
loadedOnlyWhereUsed('the birth date’s code', 'Invalid ISO 8601 date string', {
  without: [
    ['the e-mail change', route('app/_signedIn/dashboard/account/email.tsx')],
    ['the password change', route('app/_signedIn/dashboard/account/password.tsx')],
    ['the password reset', route('password-reset.tsx')],
    ['the payment information', route('app/_signedIn/dashboard/account/payment-information.tsx')],
  ],
  withIt: [
    ['the traveler change', route('app/_signedIn/dashboard/subscription/$subscriptionId/traveler.tsx')],
    ['the contract cancellation', route('cancel-contract.tsx')],
  ],
  because: ['a form without a birth date', 'which asks for one'],
});

/**
 * The select (react-aria's Select with its list box and popover, about 38 KiB gzip) is loaded by
 * the pages with an address and by no other form: the form hook does not register it, the address
 * fields render `<SelectField>` (src/forms/select-field.tsx) themselves. Before, every form loaded
 * it, the order wizard's first step too, although only its billing step has one. The marker:
 * react-aria's HiddenSelect (the native select a Select renders for autofill) marks its container so.
 */
loadedOnlyWhereUsed('the select’s code', 'hidden-select-container', {
  without: [
    ['the order page', route('order.tsx')],
    ['the order page for a customer', route('app/_signedIn/order/index.tsx')],
    ['the order’s start step, deuti’s first', step('start-traveler')],
    ['the order’s company step, joti’s and seti’s first', step('company')],
    ['the order’s account step', step('account')],
    ['the e-mail change', route('app/_signedIn/dashboard/account/email.tsx')],
    ['the password reset', route('password-reset.tsx')],
    ['the traveler change', route('app/_signedIn/dashboard/subscription/$subscriptionId/traveler.tsx')],
  ],
  withIt: [
    ['the order’s billing step', step('billing')],
    ['the billing address change', route('app/_signedIn/dashboard/order/$orderId/billing-address.tsx')],
  ],
  because: ['which has no address', 'which asks for a country'],
});
