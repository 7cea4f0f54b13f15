import { useLingui } from '@lingui/react/macro';
import { composeRenderProps, Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';

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
