// @vitest-environment node
import { built, builtChunks } from './built';

/**
 * The order wizard loads step by step (issue 14): the order routes load the wizard page and its
 * machine, each step's screen is a chunk of its own (src/flows/order-wizard/step-screens.ts), the
 * countries and insurer lookups come with the billing step alone, the birth date's calendar library
 * not with the start step (deuti's first) but with its traveler's fields, the start-month dialog's
 * modal (react-aria's overlays) not with it either but when it asks, and the IBAN checks
 * (ibantools) with none of the wizard's chunks. `npm test` builds first; `BUNDLE_DIR` checks another
 * build folder.
 */

describe.runIf(built)('the order wizard’s chunks', () => {
  const { manifest, code, loadedWith } = builtChunks();
  const entry = loadedWith(Object.keys(manifest).find((key) => manifest[key]!.isEntry)!);
  /** What a chunk brings beyond the app's entry. */
  const beyondEntry = (key: string) => [...loadedWith(key)].filter((chunk) => !entry.has(chunk));

  const routes = ['src/routes/order.tsx?tsr-split=component', 'src/routes/app/_signedIn/order/index.tsx?tsr-split=component'];
  /** Each step's module, and its title's message id (the compiled catalog keeps the ids). */
  const stepTitles = {
    'src/flows/order-wizard/steps/company-step.tsx': 'order:company.title',
    'src/flows/order-wizard/steps/start-traveler-step.tsx': 'order:startTraveler.title',
    'src/flows/order-wizard/steps/billing-step.tsx': 'order:billing.title',
    'src/flows/order-wizard/steps/account-step.tsx': 'registration:step.title',
    'src/flows/order-wizard/steps/summary-step.tsx': 'order:summary.title',
  };
  const steps = Object.keys(stepTitles);
  const billing = 'src/flows/order-wizard/steps/billing-step.tsx';
  const lookups = ['/api/v1/order/countries', '/api/v2/payment/transportation-company'];
  // ibantools' error codes keep their names in the minified code.
  const ibantools = 'WrongIBANChecksum';

  it('has every step’s screen as a chunk of its own', () => {
    for (const step of steps) expect(manifest[step]?.isDynamicEntry, step).toBe(true);
  });

  it('loads the wizard page with the order routes, and no step with them', () => {
    for (const route of routes) {
      const chunks = beyondEntry(route);
      expect(
        chunks.some((key) => code(key).includes('orderWizard')),
        `${route} has the wizard's machine`,
      ).toBe(true);
      for (const [step, title] of Object.entries(stepTitles)) {
        expect(chunks, `${route} loads ${step}`).not.toContain(step);
        for (const key of chunks) expect(code(key).includes(title), `${title} in ${key} (with ${route})`).toBe(false);
      }
    }
  });

  it('has each step’s screen in its own chunk', () => {
    for (const [step, title] of Object.entries(stepTitles)) expect(code(step).includes(title), step).toBe(true);
  });

  it('has the countries and insurer lookups in the billing step alone', () => {
    for (const lookup of lookups)
      expect(
        beyondEntry(billing).some((key) => code(key).includes(lookup)),
        lookup,
      ).toBe(true);
    for (const other of [...routes, ...steps.filter((step) => step !== billing)]) {
      for (const key of beyondEntry(other)) for (const lookup of lookups) expect(code(key).includes(lookup), `${lookup} in ${key} (with ${other})`).toBe(false);
    }
  });

  // Each marker is a text in the bundle wherever its code is: @internationalized/date's parseDate
  // message, react-aria-components' ModalOverlay's default class name.
  it.each([
    { what: 'the birth date’s calendar library when the traveler is someone else', marker: 'Invalid ISO 8601 date string', lazily: 'the traveler’s fields' },
    { what: 'the start-month dialog’s modal when the step asks for it', marker: 'react-aria-ModalOverlay', lazily: 'the start-month dialog' },
  ])('loads $what: not with the start step, in a chunk it imports lazily', ({ marker, lazily }) => {
    const start = 'src/flows/order-wizard/steps/start-traveler-step.tsx';
    for (const chunk of [...routes, start]) for (const key of loadedWith(chunk)) expect(code(key).includes(marker), `${key} (with ${chunk})`).toBe(false);
    const lazy = manifest[start]!.dynamicImports ?? [];
    expect(
      lazy.some((chunk) => [...loadedWith(chunk)].some((key) => code(key).includes(marker))),
      lazily,
    ).toBe(true);
  });

  it('loads ibantools with none of the wizard’s chunks', () => {
    expect(
      Object.keys(manifest).some((key) => code(key).includes(ibantools)),
      'ibantools is in the build',
    ).toBe(true);
    for (const chunk of [...routes, ...steps]) for (const key of loadedWith(chunk)) expect(code(key).includes(ibantools), `${key} (with ${chunk})`).toBe(false);
  });
});
