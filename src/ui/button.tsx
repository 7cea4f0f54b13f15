import { useLingui } from '@lingui/react/macro';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps, composeRenderProps, ProgressBar } from 'react-aria-components';

import * as styles from './button.css';
import { Icon } from './icon';
import { VisuallyHidden } from './visually-hidden';
import { visuallyHidden } from './visually-hidden.css';

export const buttonVariants = ['primary', 'accent', 'secondary', 'ghost', 'text', 'textGrey'] as const;
export const buttonSizes = ['sm', 'md'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];
export type ButtonSize = (typeof buttonSizes)[number];

export interface ButtonProps extends Omit<AriaButtonProps, 'isPending' | 'className'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * A running action: presses are ignored (the button stays focusable, `aria-disabled`), a spinner
   * shows, and screen readers get a progress bar named "Loading"; while the button has focus,
   * "Loading" is announced (a polite live region next to the button, there whenever `isLoading` is given).
   */
  isLoading?: boolean;
  className?: string;
}

/** What a press does; none of it while loading. */
const pressHandlers = ['onPress', 'onPressStart', 'onPressEnd', 'onPressChange', 'onPressUp', 'onClick'] as const;

/**
 * A button (react-aria `Button`). The loading state is ours, not react-aria's `isPending`: that one
 * announces itself through react-aria's live announcer as `role="img"` labelled by the button's id,
 * which is left empty (and an axe `role-img-alt` violation, for 7 s) when the button is gone, as the
 * order wizard's Next is on the next step (issue 13). Ours announces text.
 */
export function Button({ variant = 'primary', size = 'md', isLoading, className, children, onFocusChange, ...props }: ButtonProps) {
  const { t } = useLingui();
  const loadingId = useId();
  const [focused, setFocused] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const pending = isLoading === true;
  // react-aria's Button sets its own `data-pending` (from `isPending`, unused here) over ours.
  useLayoutEffect(() => {
    if (pending) ref.current?.setAttribute('data-pending', 'true');
    else ref.current?.removeAttribute('data-pending');
  }, [pending]);
  const loading = t({ id: 'common:button.loading', message: 'Loading' });
  const ariaProps: AriaButtonProps = { ...props };
  if (pending) {
    for (const handler of pressHandlers) delete ariaProps[handler];
    // A submit button would still submit its form (Enter in a field): not while loading.
    if (ariaProps.type === 'submit') ariaProps.type = 'button';
  }
  return (
    <>
      <AriaButton
        {...ariaProps}
        ref={ref}
        aria-disabled={pending || props['aria-disabled'] || undefined}
        onFocusChange={(isFocused) => {
          setFocused(isFocused);
          onFocusChange?.(isFocused);
        }}
        className={[styles.button({ variant, size }), className].filter(Boolean).join(' ')}
        data-variant={variant}
        data-size={size}
      >
        {composeRenderProps(children, (content) => (
          <>
            {pending ? (
              <ProgressBar isIndeterminate aria-labelledby={loadingId} className={styles.progress}>
                <Icon name="spinner" />
                <VisuallyHidden id={loadingId}>{loading}</VisuallyHidden>
              </ProgressBar>
            ) : null}
            {content}
          </>
        ))}
      </AriaButton>
      {isLoading === undefined ? null : (
        // A live region without a role: `role="status"` is what the screens' own statuses are found by.
        <span aria-live="polite" data-button-status="" className={visuallyHidden}>
          {pending && focused ? loading : null}
        </span>
      )}
    </>
  );
}
