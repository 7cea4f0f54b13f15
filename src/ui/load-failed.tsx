import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { ActionRow } from './action-row';
import { Alert } from './alert';
import { Button } from './button';
import { notice } from './notice.css';

export interface LoadFailedProps {
  /** The alert's heading, the screen's own text ("Your subscription could not be loaded"). */
  title: ReactNode;
  /** The alert's text. */
  children?: ReactNode;
  /** Load again; without it no retry button is shown. */
  onRetry?: () => void;
  /** False while a retry is not (yet) allowed: the button is shown disabled. */
  canRetry?: boolean;
  /** The retry button's label; "Try again" unless told. */
  retryLabel?: ReactNode;
  /** The way out after the retry button (e.g. the link back to my tickets). */
  back?: ReactNode;
}

/**
 * A screen whose data could not be loaded: a destructive alert (level-2 heading, announced
 * assertively) and under it "Try again" and the way back.
 */
export function LoadFailed({ title, children, onRetry, canRetry = true, retryLabel, back }: LoadFailedProps) {
  const { t } = useLingui();
  return (
    <>
      <Alert variant="destructive" headingLevel={2} className={notice} title={title}>
        {children}
      </Alert>
      <ActionRow>
        {onRetry ? (
          <Button isDisabled={!canRetry} onPress={onRetry}>
            {retryLabel ?? t({ id: 'common:retry', message: 'Try again' })}
          </Button>
        ) : null}
        {back}
      </ActionRow>
    </>
  );
}
