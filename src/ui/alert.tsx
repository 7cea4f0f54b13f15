import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import * as styles from './alert.css';
import { Icon, type IconName } from './icon';
import { VisuallyHidden } from './visually-hidden';

export const alertVariants = ['info', 'success', 'warning', 'destructive'] as const;
export type AlertVariant = (typeof alertVariants)[number];

export interface AlertProps {
  variant?: AlertVariant;
  title: ReactNode;
  children?: ReactNode;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /**
   * Whether the alert appeared because of something the customer just did and should be
   * announced politely (`role="status"`). Destructive alerts always use `role="alert"`
   * (assertive); other static alerts are plain content with a heading, read in page order.
   */
  announce?: boolean;
  className?: string;
}

const icons: Record<AlertVariant, IconName> = {
  info: 'info',
  success: 'check',
  warning: 'warning',
  destructive: 'error',
};

/** A message box; the heading starts with the variant's name for screen readers ("Warning: …"). */
export function Alert({ variant = 'info', title, children, headingLevel = 3, announce = false, className }: AlertProps) {
  const { t } = useLingui();
  const Heading = `h${headingLevel}` as const;
  const variantNames: Record<AlertVariant, string> = {
    info: t({ id: 'common:alert.info', message: 'Information' }),
    success: t({ id: 'common:alert.success', message: 'Success' }),
    warning: t({ id: 'common:alert.warning', message: 'Warning' }),
    destructive: t({ id: 'common:alert.destructive', message: 'Error' }),
  };
  const role = variant === 'destructive' ? 'alert' : announce ? 'status' : undefined;
  return (
    <div role={role} className={[styles.alert({ variant }), className].filter(Boolean).join(' ')} data-variant={variant}>
      <Icon name={icons[variant]} className={styles.icon({ variant })} />
      <Heading className={styles.title}>
        <VisuallyHidden>{`${variantNames[variant]}:`}</VisuallyHidden> {title}
      </Heading>
      {children != null ? <div className={styles.content}>{children}</div> : null}
    </div>
  );
}
