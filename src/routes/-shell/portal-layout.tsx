import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink, useRouteContext } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';

import { localize } from '#src/config/runtime-config';
import type { AppUpdateActor } from '#src/flows/app-update/app-update.actors';
import { appUpdate } from '#src/flows/app-update/update-handle';
import { loadWholeCatalog } from '#src/i18n/i18n';
import { useLocale } from '#src/i18n/use-locale';
import { afterNextPaint } from '#src/ui/after-next-paint';
import { button } from '#src/ui/button.css';
import { Link } from '#src/ui/link';
import { useOnline } from '#src/ui/use-online';
import { useHeaderSession } from './header-session';
import { LanguageSwitch } from './language-switch';
import * as styles from './portal-layout.css';
import { SignInButton } from './sign-in-button';

/** A signed-in customer's buttons: their code loads where somebody may be signed in (header-session.ts). */
const SessionButtons = lazy(() => import('./session-buttons').then((module) => ({ default: module.SessionButtons })));

/** The update prompt: its code loads once the service worker is registered (src/flows/app-update/update-handle.ts). */
const UpdatePrompt = lazy(() =>
  import('#src/flows/app-update/update-prompt').then(
    (module): { default: (props: { actor: AppUpdateActor }) => ReactNode } => ({ default: module.UpdatePrompt }),
    () => ({ default: () => null }),
  ),
);

/**
 * Offline, what waits for the network (./offline-notice.tsx): not in the start page's entry; the
 * frame fetches its code once painted (below), so it is there when the network goes, with or
 * without the service worker. Where it still could not load, nothing shows rather than an error.
 */
const loadOfflineNotice = () => import('./offline-notice');
const OfflineNotice = lazy(() =>
  loadOfflineNotice().then(
    (module): { default: () => ReactNode } => ({ default: module.OfflineNotice }),
    () => ({ default: () => null }),
  ),
);

function OfflineNoticeSlot() {
  return useOnline() ? null : (
    <Suspense fallback={null}>
      <OfflineNotice />
    </Suspense>
  );
}

function UpdatePromptSlot() {
  const actor = useSyncExternalStore(appUpdate.subscribe, appUpdate.current, () => undefined);
  return actor ? (
    <Suspense fallback={null}>
      <UpdatePrompt actor={actor} />
    </Suspense>
  ) : null;
}

/**
 * The signed-in buttons' space while their code comes: the same texts in the same styles, invisible
 * and inert, so a phone's header wraps to its second row with the page's first paint rather than
 * pushing the page down once the buttons arrive (Lighthouse counted that shift as CLS 0.33 on the
 * dashboard).
 */
function SessionButtonsPlaceholder() {
  return (
    <div className={[styles.sessionButtons, styles.placeholder].join(' ')} aria-hidden="true" inert>
      <span className={styles.portalButton}>
        <Trans id="common:header.portal">My portal</Trans>
      </span>
      <span className={button({ variant: 'secondary', size: 'sm' })}>
        <Trans id="common:header.logout">Log out</Trans>
      </span>
    </div>
  );
}

/** The marketing layout: header with logo and language switch, the page, the footer. */
export function PortalLayout({ children }: { children: ReactNode }) {
  const { config, session } = useRouteContext({ from: '__root__' });
  const { buttonsActor, controls: sessionControls } = useHeaderSession(session);
  // Every other route loaded these before it rendered; the start page fetches the catalog once
  // painted, and the session machine where there may be a session to show. A visitor who cannot be
  // signed in gets it with Log in or with a link's preload (issue 14: its code ran in one long
  // task after the paint).
  useEffect(() => {
    // A failed download is tried again by the next page that needs it.
    if (!session.knownSignedOut()) session.load().catch(() => undefined);
    loadWholeCatalog().catch(() => undefined);
    // Not ahead of the page's own downloads: once it is painted and the browser idle.
    return afterNextPaint(() => void loadOfflineNotice().catch(() => undefined), 'idle');
  }, [session]);
  const { t } = useLingui();
  const locale = useLocale();
  const { headerLogo, footerLogos, hyperlinks } = config.siteContent;

  return (
    <>
      <a href="#main" className={styles.skipLink}>
        <Trans id="common:skipToContent">Skip to content</Trans>
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <RouterLink to="/" className={styles.logoLink}>
            <img src={headerLogo.src} alt={localize(headerLogo.alt, locale)} width={48} height={48} />
          </RouterLink>
          <div className={styles.headerEnd}>
            <LanguageSwitch />
            {buttonsActor ? (
              <Suspense fallback={sessionControls === 'signedIn' ? <SessionButtonsPlaceholder /> : null}>
                <SessionButtons session={buttonsActor} />
              </Suspense>
            ) : null}
            {sessionControls === 'logIn' ? <SignInButton session={session} /> : null}
          </div>
        </div>
      </header>
      <OfflineNoticeSlot />
      <UpdatePromptSlot />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          {footerLogos.length > 0 && (
            <ul
              className={[styles.logoGrid, footerLogos.length >= 4 ? styles.logoGridWide : ''].join(' ')}
              aria-label={t({ id: 'common:footer.partners', message: 'Partners' })}
            >
              {footerLogos.map((logo) => (
                <li key={logo.src}>
                  {logo.url ? (
                    // Links in the footer logo grid open in a new tab (SPEC.md 2.3).
                    <Link href={logo.url} external className={styles.logoLinkItem}>
                      <img src={logo.src} alt={localize(logo.alt, locale)} height={40} />
                    </Link>
                  ) : (
                    <img src={logo.src} alt={localize(logo.alt, locale)} height={40} />
                  )}
                </li>
              ))}
            </ul>
          )}
          <nav aria-label={t({ id: 'common:footer.navigation', message: 'Legal and help' })}>
            <ul className={styles.footerLinks}>
              {hyperlinks.map((link) => (
                <li key={link.url}>
                  <Link href={link.url} external={link.openExternal} className={styles.footerLink}>
                    {localize(link.name, locale)}
                  </Link>
                </li>
              ))}
              <li>
                {/* § 312k BGB: the cancellation button, reachable from every page, without signing in. */}
                <Link href="/cancel-contract" className={styles.footerLink}>
                  <Trans id="common:footer.cancelContract">Cancel contracts here</Trans>
                </Link>
              </li>
              <li>
                <Link href="/legal/accessibility" className={styles.footerLink}>
                  <Trans id="common:footer.accessibility">Accessibility</Trans>
                </Link>
              </li>
              {/* § 5 DDG: the imprint, one click from every page; beside it, how to reach customer service. */}
              <li>
                <Link href="/legal/imprint" className={styles.footerLink}>
                  <Trans id="common:footer.imprint">Imprint</Trans>
                </Link>
              </li>
              <li>
                <Link href="/contact" className={styles.footerLink}>
                  <Trans id="common:footer.contact">Contact</Trans>
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </>
  );
}
