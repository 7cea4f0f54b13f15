import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';

/**
 * Gives react-aria the portal's active Lingui locale, so date fields, number fields and react-aria's
 * own labels ("Calendar", "Increase", "Show suggestions") follow the language switch instead of the
 * browser language (SPEC.md section 1). Wrap the app (or a subtree) once inside Lingui's provider.
 */
export function AriaLocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return <I18nProvider locale={i18n.locale || 'de-DE'}>{children}</I18nProvider>;
}
