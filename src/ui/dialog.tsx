import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay, type ModalOverlayProps } from 'react-aria-components';

import { Button } from './button';
import * as styles from './dialog.css';
import { Icon } from './icon';
import { VisuallyHidden } from './visually-hidden';

export interface DialogProps extends Omit<ModalOverlayProps, 'children' | 'className'> {
  /** The heading; it names the dialog. */
  title: ReactNode;
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  /** Buttons at the bottom, e.g. a primary action; they get `close` to end the dialog. */
  actions?: (opts: { close: () => void }) => ReactNode;
}

/**
 * A modal dialog with a heading and a close button. Place it in a `DialogTrigger` next to the
 * button that opens it; focus moves in, is trapped, and returns to the trigger on close. Escape
 * and a click outside close it.
 */
export function Dialog({ title, children, actions, isDismissable = true, ...props }: DialogProps) {
  const { t } = useLingui();
  return (
    <ModalOverlay {...props} isDismissable={isDismissable} className={styles.overlay}>
      <Modal className={styles.modal}>
        <AriaDialog className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" level={2} className={styles.title}>
                  {title}
                </Heading>
                <Button variant="ghost" size="sm" onPress={close}>
                  <Icon name="cross" />
                  <VisuallyHidden>{t({ id: 'common:dialog.close', message: 'Close' })}</VisuallyHidden>
                </Button>
              </div>
              <div>{typeof children === 'function' ? children({ close }) : children}</div>
              {actions ? <div className={styles.actions}>{actions({ close })}</div> : null}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
