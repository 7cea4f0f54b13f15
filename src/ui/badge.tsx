import * as styles from './badge.css';
import { Icon } from './icon';

export const badgeVariants = ['success', 'error'] as const;
export type BadgeVariant = (typeof badgeVariants)[number];

export interface BadgeProps {
  variant?: BadgeVariant;
  /** The status in words ("Active", "Payment failed"): required, so colour is never the only cue. */
  children: string;
  className?: string;
}

/** A short status label with an icon (check or cross) and text. */
export function Badge({ variant = 'success', children, className }: BadgeProps) {
  return (
    <span className={[styles.badge({ variant }), className].filter(Boolean).join(' ')} data-variant={variant}>
      <Icon name={variant === 'success' ? 'check' : 'cross'} />
      {children}
    </span>
  );
}
