import { defaultLocale, isLocale, readStoredLocale, storeLocale } from '#src/i18n/locales';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('locale choice (SPEC.md 1: de-DE default, browser language never used)', () => {
  it('defaults to de-DE', () => {
    expect(defaultLocale).toBe('de-DE');
    expect(readStoredLocale(memoryStorage())).toBe('de-DE');
  });

  it('ignores the browser language', () => {
    const spy = vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('en-US');
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(readStoredLocale(memoryStorage())).toBe('de-DE');
    spy.mockRestore();
  });

  it('remembers the choice', () => {
    const storage = memoryStorage();
    storeLocale(storage, 'en-US');
    expect(readStoredLocale(storage)).toBe('en-US');
  });

  it('falls back to de-DE for a stored value it does not know', () => {
    expect(readStoredLocale(memoryStorage({ 'portal.locale': 'fr-FR' }))).toBe('de-DE');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredLocale(broken)).toBe('de-DE');
    expect(() => storeLocale(broken, 'en-US')).not.toThrow();
  });

  it('knows exactly two locales', () => {
    expect(isLocale('de-DE')).toBe(true);
    expect(isLocale('en-US')).toBe(true);
    expect(isLocale('en')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
