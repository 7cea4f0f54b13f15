import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';

import { localeOf } from '#src/i18n/locales';
import { useLocale } from '#src/i18n/use-locale';

function ShownLocale() {
  return <p>locale {useLocale()}</p>;
}

/** The one home of "which locale does the portal show now" (src/i18n/use-locale.ts, locales.ts). */
describe('the current locale', () => {
  it('is the active one the portal speaks', () => {
    expect(localeOf({ locale: 'en-US' })).toBe('en-US');
    expect(localeOf({ locale: 'de-DE' })).toBe('de-DE');
  });

  it('falls back to de-DE while none is active or for one the portal does not speak', () => {
    expect(localeOf({ locale: '' })).toBe('de-DE');
    expect(localeOf({ locale: 'fr-FR' })).toBe('de-DE');
    expect(localeOf({ locale: 'en' })).toBe('de-DE');
  });

  it('follows a language switch in a component that reads it', () => {
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {}, 'de-DE': {}, 'fr-FR': {} } });
    render(
      <I18nProvider i18n={i18n}>
        <ShownLocale />
      </I18nProvider>,
    );
    expect(screen.getByText('locale en-US')).toBeInTheDocument();

    act(() => i18n.activate('de-DE'));
    expect(screen.getByText('locale de-DE')).toBeInTheDocument();

    act(() => i18n.activate('fr-FR'));
    expect(screen.getByText('locale de-DE')).toBeInTheDocument();

    act(() => i18n.activate('en-US'));
    expect(screen.getByText('locale en-US')).toBeInTheDocument();
  });
});
