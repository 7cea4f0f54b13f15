import { useLingui } from '@lingui/react/macro';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

import { switchLocale } from '#src/i18n/i18n';
import { isLocale, type Locale } from '#src/i18n/locales';
import * as styles from './language-switch.css';

/** Each language is named in itself, so a customer finds theirs whichever is active. */
const names: Record<Locale, { label: string; short: string }> = {
  'de-DE': { label: 'Deutsch', short: 'DE' },
  'en-US': { label: 'English', short: 'EN' },
};

/** The visible language switch (the browser language is never used: SPEC.md section 1). */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const current = isLocale(i18n.locale) ? i18n.locale : 'de-DE';
  return (
    <ToggleButtonGroup
      aria-label={t({ id: 'common:language.label', message: 'Language' })}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[current]}
      onSelectionChange={(keys) => {
        const [next] = [...keys];
        if (isLocale(next) && next !== current) void switchLocale(next);
      }}
      className={styles.group}
    >
      {(Object.keys(names) as Locale[]).map((locale) => (
        <ToggleButton key={locale} id={locale} aria-label={names[locale].label} lang={locale} className={styles.button}>
          {names[locale].short}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
