// @vitest-environment node
import { createActor } from 'xstate';

import { orderWizardMachine } from '#machines/order-wizard/order-wizard.machine';
import { clearDraft, draftKey, entriesKey, loadDraft, loadStepEntries, saveDraft, saveStepEntries } from '#src/flows/order-wizard/wizard-draft';

/**
 * The entries of the step on screen in the wizard's draft (issue 13, item 8; decision 18): what a
 * reload gives back to the step's form, never a password or an IBAN.
 */

function memoryStorage(): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const accountEntries = {
  mailAddress: 'erika@example.com',
  password: 'Geheim!2024',
  repeatPassword: 'Geheim!2024',
  isPrivacyStatementAccepted: true,
  isMarketingInformationAccepted: false,
};

describe('the step entries in the draft', () => {
  it('keep what is typed on the step, without the password and its repetition', () => {
    const storage = memoryStorage();
    saveStepEntries(storage, 'deuti', 'account', accountEntries);
    const stored = storage.getItem(entriesKey) ?? '';
    expect(stored).not.toContain('Geheim');
    expect(stored).not.toContain('password');
    expect(stored).not.toContain('Password');
    expect(loadStepEntries(storage, 'deuti')).toEqual({
      step: 'account',
      values: { mailAddress: 'erika@example.com', isPrivacyStatementAccepted: true, isMarketingInformationAccepted: false },
    });
  });

  it('never keep an IBAN or any other password, nor what is not text or a choice', () => {
    const storage = memoryStorage();
    saveStepEntries(storage, 'joti', 'billing', {
      city: 'Berlin',
      iban: 'DE89370400440532013000',
      accountIBAN: 'DE89370400440532013000',
      oldPassword: 'Alt!2023x',
      birthdate: '1990-03-15',
      nested: { iban: 'DE89370400440532013000' },
      count: 3,
    });
    const stored = storage.getItem(entriesKey) ?? '';
    expect(stored).not.toContain('DE89');
    expect(stored).not.toContain('Alt!2023x');
    expect(loadStepEntries(storage, 'joti')?.values).toEqual({ city: 'Berlin', birthdate: '1990-03-15' });
  });

  it('a later save replaces the earlier entries (one step at a time)', () => {
    const storage = memoryStorage();
    saveStepEntries(storage, 'deuti', 'billing', { city: 'Berlin' });
    saveStepEntries(storage, 'deuti', 'account', { mailAddress: 'erika@example.com' });
    expect(loadStepEntries(storage, 'deuti')).toEqual({ step: 'account', values: { mailAddress: 'erika@example.com' } });
  });

  it.each([
    ['another product', JSON.stringify({ version: 1, product: 'joti', step: 'billing', values: { city: 'Berlin' } })],
    ['another version', JSON.stringify({ version: 0, product: 'deuti', step: 'billing', values: { city: 'Berlin' } })],
    ['an unknown step', JSON.stringify({ version: 1, product: 'deuti', step: 'payment', values: { city: 'Berlin' } })],
    ['values that are no form values', JSON.stringify({ version: 1, product: 'deuti', step: 'billing', values: { city: ['Berlin'] } })],
    ['no JSON', '{"version":'],
  ])('are thrown away when they are for %s', (_, stored) => {
    const storage = memoryStorage();
    storage.setItem(entriesKey, stored);
    expect(loadStepEntries(storage, 'deuti')).toBeUndefined();
    expect(storage.getItem(entriesKey)).toBeNull();
  });

  it('a password put into the storage by hand is not given back', () => {
    const storage = memoryStorage();
    storage.setItem(
      entriesKey,
      JSON.stringify({ version: 1, product: 'deuti', step: 'account', values: { mailAddress: 'a@example.com', password: 'Geheim!2024' } }),
    );
    expect(loadStepEntries(storage, 'deuti')?.values).toEqual({ mailAddress: 'a@example.com' });
  });

  it('go with the draft', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey, '{}');
    saveStepEntries(storage, 'deuti', 'billing', { city: 'Berlin' });
    clearDraft(storage);
    expect(storage.items.size).toBe(0);
  });

  it('a full or disabled storage loses the entries, not the wizard', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => saveStepEntries(storage, 'deuti', 'billing', { city: 'Berlin' })).not.toThrow();
    expect(loadStepEntries(storage, 'deuti')).toBeUndefined();
  });
});

describe('the affiliate in the draft (SPEC.md 7.5)', () => {
  const draftWith = (affiliate: string | undefined) => {
    const storage = memoryStorage();
    const input = { product: 'joti' as const, registration: true, idempotencyKeys: { register: 'r', submit: 's' }, today: '2026-11-20', affiliate };
    saveDraft(storage, createActor(orderWizardMachine, { input }).start().getSnapshot());
    return storage;
  };
  const affiliateOf = (snapshot: ReturnType<typeof loadDraft>) => (snapshot as unknown as { context: { affiliate?: string } }).context.affiliate;

  it('is kept by the draft when the page has none (a reload, the way back from the sign-in)', () => {
    expect(affiliateOf(loadDraft(draftWith('partner-7'), 'joti'))).toBe('partner-7');
  });

  it("is the page's when a partner's link opens on a draft", () => {
    expect(affiliateOf(loadDraft(draftWith(undefined), 'joti', 'partner-8'))).toBe('partner-8');
    expect(affiliateOf(loadDraft(draftWith('partner-7'), 'joti', 'partner-8'))).toBe('partner-8');
  });
});
