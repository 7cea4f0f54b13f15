import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, KeyboardEvent, MouseEvent, ReactNode } from 'react';

import { externalIconPath, IconSvg } from './icon-svg';
import * as styles from './link.css';
import { VisuallyHidden } from './visually-hidden';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'target' | 'rel' | 'href' | 'children'> {
  href?: string;
  /** A link that acts instead of going somewhere (no `href`): Enter or a click calls it. */
  onPress?: () => void;
  /** Open in a new tab. Implied for an absolute http(s) URL on another origin. */
  external?: boolean;
  /** A link on its own, not inside running text: at least 24 px high. */
  standalone?: boolean;
  className?: string;
  children?: ReactNode;
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
 * A link: a plain `<a>`, so the start page needs no react-aria (issue 14). A portal path navigates
 * in the app through TanStack Router (a click without modifier keys; a middle click or Ctrl+click
 * opens a tab as everywhere). The router resolves every `to` as a path relative to the current page
 * (`https://example.com/x` on /legal/agb would become `/legal/agb/https:/example.com/x`), so an
 * absolute URL never goes through it: its href stays as written, and one on the portal's own
 * origin navigates in the app by its path. An external one opens in a new tab with
 * `rel="noopener noreferrer"`, shows an icon and tells screen readers "(opens in a new tab)".
 */
export function Link({ external, standalone = false, className, children, href, onPress, onClick, onKeyDown, ...props }: LinkProps) {
  const { t } = useLingui();
  // Outside a router (a component test, the gallery) a link is a plain link.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const opensNewTab = external ?? isExternalHref(href);
  const classes = [styles.link, standalone ? styles.standalone : undefined, className].filter(Boolean).join(' ');
  const content = opensNewTab ? (
    <>
      {children} <VisuallyHidden>{t({ id: 'common:link.opensInNewTab', message: '(opens in a new tab)' })}</VisuallyHidden>
      <IconSvg className={styles.externalIcon}>{externalIconPath}</IconSvg>
    </>
  ) : (
    children
  );

  if (href === undefined) {
    // What react-aria does for a link without href: focusable, announced as a link, Enter acts.
    const press = (event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      onPress?.();
    };
    return (
      <a
        {...props}
        role="link"
        tabIndex={0}
        className={classes}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) press(event);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented && event.key === 'Enter') press(event);
        }}
      >
        {content}
      </a>
    );
  }

  const inApp = router && !opensNewTab ? appPath(href) : undefined;
  return (
    <a
      {...props}
      href={inApp !== undefined && !isAbsoluteHref(href) && router ? router.buildLocation({ to: href }).href : href}
      {...(opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className={classes}
      data-external={opensNewTab || undefined}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        onClick?.(event);
        onPress?.();
        if (event.defaultPrevented || inApp === undefined || !router) return;
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void (isAbsoluteHref(href) ? router.navigate({ href: inApp }) : router.navigate({ to: href }));
      }}
    >
      {content}
    </a>
  );
}

/**
 * The path (with search and hash) the app navigates to for `href`, or `undefined` when the browser
 * should follow it: another origin, or another scheme (`mailto:`, `tel:`).
 */
function appPath(href: string): string | undefined {
  if (!isAbsoluteHref(href)) return href;
  // Rendered at build time (src/start-up/prerender.tsx) there is no page: the browser follows the link.
  if (typeof window === 'undefined') return undefined;
  const url = new URL(href, window.location.href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
}
