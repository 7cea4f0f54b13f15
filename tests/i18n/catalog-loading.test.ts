import { i18n } from '@lingui/core';

import { activateLocale, loadWholeCatalog } from '#src/i18n/i18n';

/**
 * How the catalog's parts come into the app's Lingui (src/i18n/i18n.ts). Lingui's `change` event
 * renders every text on screen again, in one go: the parts a page on screen does not need come
 * without it (issue 14), a new locale with it. Runs with a module registry of its own (vite.config.ts):
 * it starts from a Lingui with no locale.
 */
describe('loading the catalog parts', () => {
  // A text of the account pages, in the rest of the catalog (not the start page's part).
  const restId = 'account:title';

  it('adds the rest of the active locale without telling the screen, and its texts are there', async () => {
    await activateLocale('de-DE', ['start']);
    expect(i18n._(restId)).toBe(restId);
    const changes = vi.fn();
    const stop = i18n.on('change', changes);
    try {
      await loadWholeCatalog();
      expect(changes).not.toHaveBeenCalled();
      expect(i18n.locale).toBe('de-DE');
      expect(i18n._(restId)).toBe('Meine Daten');
    } finally {
      stop();
    }
  });

  it('a locale switched to is loaded and activated with the event, so the screen renders in it', async () => {
    const changes = vi.fn();
    const stop = i18n.on('change', changes);
    try {
      await activateLocale('en-US', ['start']);
      expect(changes).toHaveBeenCalled();
      expect(i18n.locale).toBe('en-US');
      expect(i18n._('common:footer.navigation')).toBe('Legal and help');
      expect(document.documentElement.lang).toBe('en-US');
    } finally {
      stop();
    }
  });
});
