import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';

import { useLocale } from '#src/i18n/use-locale';

/**
 * Gives react-aria the portal's active Lingui locale, so date fields, number fields and react-aria's
 * own labels ("Calendar", "Increase", "Show suggestions") follow the language switch instead of the
 * browser language (SPEC.md section 1). Wrap the app (or a subtree) once inside Lingui's provider.
 */
export function AriaLocaleProvider({ children }: { children: ReactNode }) {
  return <I18nProvider locale={useLocale()}>{children}</I18nProvider>;
}
