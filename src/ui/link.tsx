import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback } from 'react';
import { composeRenderProps, Link as AriaLink, type LinkProps as AriaLinkProps, RouterProvider } from 'react-aria-components';

import { Icon } from './icon';
import * as styles from './link.css';
import { VisuallyHidden } from './visually-hidden';

export interface LinkProps extends Omit<AriaLinkProps, 'className' | 'target' | 'rel'> {
  /** Open in a new tab. Implied for an absolute http(s) URL on another origin. */
  external?: boolean;
  /** A link on its own, not inside running text: at least 24 px high. */
  standalone?: boolean;
  className?: string;
}

/** Whether `href` is an absolute http(s) (or protocol-relative) URL on another origin. */
export function isExternalHref(href: string | undefined, currentOrigin = globalThis.location?.origin): boolean {
  if (!href || !/^(https?:)?\/\//i.test(href)) return false;
  try {
    return new URL(href, currentOrigin ?? 'http://localhost').origin !== currentOrigin;
  } catch {
    return false;
  }
}

/**
 * Whether `href` is a URL of its own: it has a scheme (`https:`, `mailto:`, `tel:`) or is
 * protocol-relative (`//host`). Anything else is a path of the portal, for the router.
 */
export function isAbsoluteHref(href: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/)/i.test(href);
}

/**
 * A link (react-aria `Link`). An external one opens in a new tab with `rel="noopener noreferrer"`,
 * shows an icon and tells screen readers "(opens in a new tab)".
 */
export function Link({ external, standalone = false, className, children, ...props }: LinkProps) {
  const { t } = useLingui();
  const opensNewTab = external ?? isExternalHref(props.href);
  const classes = [styles.link, standalone ? styles.standalone : undefined, className].filter(Boolean).join(' ');
  return (
    <AriaLink
      {...props}
      {...(opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className={classes}
      data-external={opensNewTab || undefined}
    >
      {composeRenderProps(children, (content) =>
        opensNewTab ? (
          <>
            {content}{' '}
            <VisuallyHidden>{t({ id: 'common:link.opensInNewTab', message: '(opens in a new tab)' })}</VisuallyHidden>
            <Icon name="external" className={styles.externalIcon} />
          </>
        ) : (
          content
        ),
      )}
    </AriaLink>
  );
}

/** What the design system needs of the app's router (TanStack Router's router fits). */
export interface LinkRouter {
  navigate(options: { to: string } | { href: string }): unknown;
  buildLocation(options: { to: string }): { href: string };
}

/**
 * Lets the design system's links (Link, Breadcrumbs: every react-aria link) navigate through the
 * app's router, so a click on a portal path is a client-side navigation. The router resolves every
 * `to` as a path relative to the current page (`https://example.com/x` on /legal/agb would become
 * `/legal/agb/https:/example.com/x`), so an absolute URL never goes through it: its href stays as
 * written, and one on the portal's own origin navigates in the app by its path.
 */
export function LinkRouterProvider({ router, children }: { router: LinkRouter; children: ReactNode }) {
  const navigate = useCallback(
    (href: string) => {
      if (!isAbsoluteHref(href)) return void router.navigate({ to: href });
      // react-aria hands only same-origin links to the router; a full href keeps search and hash.
      const url = new URL(href, window.location.href);
      void router.navigate({ href: url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href });
    },
    [router],
  );
  const useHref = useCallback((href: string) => (isAbsoluteHref(href) ? href : router.buildLocation({ to: href }).href), [router]);
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}
