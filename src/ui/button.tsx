import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  composeRenderProps,
  ProgressBar,
} from 'react-aria-components';

import * as styles from './button.css';
import { Icon } from './icon';
import { VisuallyHidden } from './visually-hidden';

export const buttonVariants = ['primary', 'accent', 'secondary', 'ghost', 'text', 'textGrey'] as const;
export const buttonSizes = ['sm', 'md'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];
export type ButtonSize = (typeof buttonSizes)[number];

export interface ButtonProps extends Omit<AriaButtonProps, 'isPending' | 'className'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * A running action: presses are ignored (react-aria's `isPending`; the button stays focusable),
   * a spinner shows, and screen readers get a progress bar named "Loading".
   */
  isLoading?: boolean;
  className?: string;
}

export function Button({ variant = 'primary', size = 'md', isLoading = false, className, children, ...props }: ButtonProps) {
  const { t } = useLingui();
  const loadingId = useId();
  const loading = t({ id: 'common:button.loading', message: 'Loading' });
  return (
    <AriaButton
      {...props}
      isPending={isLoading}
      className={[styles.button({ variant, size }), className].filter(Boolean).join(' ')}
      data-variant={variant}
      data-size={size}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          {isPending ? (
            <ProgressBar
              isIndeterminate
              aria-labelledby={loadingId}
              className={styles.progress}
            >
              <Icon name="spinner" />
              <VisuallyHidden id={loadingId}>{loading}</VisuallyHidden>
            </ProgressBar>
          ) : null}
          {content}
        </>
      ))}
    </AriaButton>
  );
}
