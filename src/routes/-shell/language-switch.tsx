import { useLingui } from '@lingui/react/macro';

import { switchLocale } from '#src/i18n/i18n';
import type { Locale } from '#src/i18n/locales';
import { useLocale } from '#src/i18n/use-locale';
import { languageSwitchName } from '#src/start-up/prerendered-language-switch';
import * as styles from './language-switch.css';

/** Each language is named in itself, so a customer finds theirs whichever is active. */
const names: Record<Locale, { label: string; short: string }> = {
  'de-DE': { label: 'Deutsch', short: 'DE' },
  'en-US': { label: 'English', short: 'EN' },
};

/**
 * The visible language switch (the browser language is never used: SPEC.md section 1): a radio
 * group of the browser's own radio buttons, drawn as two toggle buttons. Tab reaches the active
 * language, the arrow keys choose the other one. Native, so the start page needs no react-aria
 * (issue 14).
 */
export function LanguageSwitch() {
  const { t } = useLingui();
  const current = useLocale();
  return (
    <div role="radiogroup" aria-label={t({ id: 'common:language.label', message: 'Language' })} className={styles.group}>
      {(Object.keys(names) as Locale[]).map((locale) => (
        <label key={locale} lang={locale} className={styles.button}>
          <input
            type="radio"
            name={languageSwitchName}
            value={locale}
            checked={locale === current}
            aria-label={names[locale].label}
            onChange={() => void switchLocale(locale)}
            className={styles.input}
          />
          <span aria-hidden="true">{names[locale].short}</span>
        </label>
      ))}
    </div>
  );
}
