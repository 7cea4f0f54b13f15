import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { localize } from '../../config/runtime-config';
import { isLocale } from '../../i18n/locales';
import { LanguageSwitch } from './language-switch';
import * as styles from './portal-layout.css';

/** The marketing layout: header with logo and language switch, the page, the footer. */
export function PortalLayout({ children }: { children: ReactNode }) {
  const { config } = useRouteContext({ from: '__root__' });
  const { i18n, t } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'de-DE';
  const { headerLogo, hyperlinks } = config.siteContent;

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        <Trans id="common:skipToContent">Skip to content</Trans>
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/" className={styles.logoLink}>
            <img src={headerLogo.src} alt={localize(headerLogo.alt, locale)} width={48} height={48} />
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <nav className={styles.bar} aria-label={t({ id: 'common:footer.navigation', message: 'Legal and help' })}>
          <ul className={styles.footerLinks}>
            {hyperlinks.map((link) => (
              <li key={link.url}>
                <a
                  className={styles.footerLink}
                  href={link.url}
                  {...(link.openExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {localize(link.name, locale)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </footer>
    </>
  );
}
