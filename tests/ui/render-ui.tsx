import { type I18n, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

import { messages as deMessages } from '../../locales/de-DE/messages.po';
import { messages as enMessages } from '../../locales/en-US/messages.po';

export function createI18n(locale: 'en-US' | 'de-DE' = 'en-US'): I18n {
  return setupI18n({ locale, messages: { 'en-US': enMessages, 'de-DE': deMessages } });
}

/** Renders inside Lingui's provider with the real catalog (en-US unless told otherwise). */
export function renderUi(ui: ReactElement, { locale = 'en-US', ...options }: RenderOptions & { locale?: 'en-US' | 'de-DE' } = {}) {
  const i18n = createI18n(locale);
  function Wrapper({ children }: { children: ReactNode }) {
    return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  }
  return render(ui, { wrapper: Wrapper, ...options });
}
