import { inspectStorageKey, maskSecrets, wantsInspection } from '#src/flows/inspector';

/** sessionStorage of one tab. */
function tab(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('wantsInspection', () => {
  it('is off without URL flag, tab choice or environment variable', () => {
    const storage = tab();
    expect(wantsInspection({ search: '', storage, envFlag: undefined })).toBe(false);
    expect(wantsInspection({ search: '?step=billing', storage, envFlag: '' })).toBe(false);
    expect(storage.values.size).toBe(0);
  });

  it.each(['?inspect', '?inspect=', '?inspect=1', '?step=billing&inspect=true'])('turns on with %s and remembers it for the tab', (search) => {
    const storage = tab();
    expect(wantsInspection({ search, storage, envFlag: undefined })).toBe(true);
    expect(storage.values.get(inspectStorageKey)).toBe('1');
    // The next page of the tab (in-app navigation, the return from sign-in) has no flag in its URL.
    expect(wantsInspection({ search: '', storage, envFlag: undefined })).toBe(true);
  });

  it.each(['?inspect=0', '?inspect=false', '?inspect=OFF'])('turns off with %s, also over the environment variable', (search) => {
    const storage = tab({ [inspectStorageKey]: '1' });
    expect(wantsInspection({ search, storage, envFlag: '1' })).toBe(false);
    expect(storage.values.get(inspectStorageKey)).toBe('0');
    expect(wantsInspection({ search: '', storage, envFlag: '1' })).toBe(false);
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['', false],
    [undefined, false],
    [true, false],
  ])('follows VITE_XSTATE_INSPECT=%s when the tab has no choice', (envFlag, expected) => {
    const storage = tab();
    expect(wantsInspection({ search: '', storage, envFlag })).toBe(expected);
    expect(storage.values.size).toBe(0);
  });

  it('ignores a stored value it did not write', () => {
    expect(wantsInspection({ search: '', storage: tab({ [inspectStorageKey]: 'yes' }), envFlag: undefined })).toBe(false);
    expect(wantsInspection({ search: '', storage: tab({ [inspectStorageKey]: 'yes' }), envFlag: '1' })).toBe(true);
  });
});

describe('maskSecrets', () => {
  it('hides passwords, codes and IBANs at any depth and keeps everything else', () => {
    const context = {
      product: 'deuti',
      autoSignInCode: 'abc',
      data: { account: { email: 'a@example.com', password: 'Demo-Portal-2026!', repeatPassword: 'Demo-Portal-2026!' }, billing: { city: 'Berlin' } },
      list: [{ accessToken: 't' }, 3],
      information: { accountHolder: 'Erika Musterfrau', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
      emptyPassword: '',
      error: undefined,
    };
    const masked = maskSecrets(context);
    expect(masked).toEqual({
      product: 'deuti',
      autoSignInCode: '•••',
      data: { account: { email: 'a@example.com', password: '•••', repeatPassword: '•••' }, billing: { city: 'Berlin' } },
      list: [{ accessToken: '•••' }, 3],
      information: { accountHolder: 'Erika Musterfrau', iban: '•••', bic: 'BYLADEM1001' },
      emptyPassword: '',
      error: undefined,
    });
    // A copy: the actor's own context keeps its values.
    expect(context.data.account.password).toBe('Demo-Portal-2026!');
  });

  it('passes other values through', () => {
    expect(maskSecrets('text')).toBe('text');
    expect(maskSecrets(null)).toBeNull();
    const date = new Date(0);
    expect(maskSecrets({ at: date }).at).toBe(date);
  });
});

describe('startInspection', () => {
  beforeEach(() => {
    vi.resetModules();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.doUnmock('@statelyai/inspect');
    window.history.replaceState(null, '', '/');
  });

  async function load() {
    const inspect = { next: vi.fn() };
    const targetWindow = {};
    const createBrowserInspector = vi.fn(() => ({ inspect, adapter: { targetWindow } }));
    vi.doMock('@statelyai/inspect', () => ({ createBrowserInspector }));
    const module = await import('#src/flows/inspector');
    return { module, inspect, createBrowserInspector };
  }

  it('opens the inspector with ?inspect and hands its observer to the actors', async () => {
    window.history.replaceState(null, '', '/?inspect');
    const { module, inspect, createBrowserInspector } = await load();
    expect(module.inspection()).toEqual({});
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await module.startInspection();
    expect(createBrowserInspector).toHaveBeenCalledTimes(1);
    expect(createBrowserInspector).toHaveBeenCalledWith({ sanitizeContext: module.maskSecrets, sanitizeEvent: module.maskSecrets });
    expect(module.inspection()).toEqual({ inspect });
    expect(window.sessionStorage.getItem(inspectStorageKey)).toBe('1');
  });

  it('loads nothing without the flag', async () => {
    window.history.replaceState(null, '', '/order');
    const { module, createBrowserInspector } = await load();
    await module.startInspection();
    expect(createBrowserInspector).not.toHaveBeenCalled();
    expect(module.inspection()).toEqual({});
  });
});
