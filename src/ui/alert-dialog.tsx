import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay, type ModalOverlayProps } from 'react-aria-components';

import { Button } from './button';
import * as styles from './dialog.css';
import { Icon } from './icon';

export interface AlertDialogProps extends Omit<ModalOverlayProps, 'children' | 'className' | 'isDismissable'> {
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** The confirm button names the action ("End subscription"), not "OK". */
  confirmLabel: ReactNode;
  /** Defaults to "Cancel". */
  cancelLabel?: ReactNode;
  /** Called on confirm; return a promise to keep the dialog open (loading) until it settles. */
  onConfirm?: () => void | Promise<void>;
  /** A destructive action: warning icon, red confirm button, and focus starts on Cancel. */
  variant?: 'default' | 'destructive';
  isConfirmLoading?: boolean;
}

/**
 * A modal that asks to confirm an action (role `alertdialog`). A click outside does not dismiss it;
 * Escape and Cancel do.
 */
export function AlertDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  variant = 'default',
  isConfirmLoading = false,
  ...props
}: AlertDialogProps) {
  const { t } = useLingui();
  const destructive = variant === 'destructive';
  return (
    <ModalOverlay {...props} isDismissable={false} className={styles.overlay}>
      <Modal className={styles.modal}>
        <AriaDialog role="alertdialog" className={styles.dialog} data-variant={variant}>
          {({ close }) => (
            <>
              <Heading slot="title" level={2} className={styles.title}>
                {destructive ? <Icon name="warning" className={styles.destructiveIcon} /> : null}
                {title}
              </Heading>
              <div className={styles.body}>{children}</div>
              <div className={styles.actions}>
                <Button variant="secondary" onPress={close} autoFocus={destructive}>
                  {cancelLabel ?? t({ id: 'common:dialog.cancel', message: 'Cancel' })}
                </Button>
                <Button
                  variant={destructive ? 'primary' : 'accent'}
                  isLoading={isConfirmLoading}
                  data-destructive={destructive || undefined}
                  onPress={async () => {
                    await onConfirm?.();
                    close();
                  }}
                >
                  {confirmLabel}
                </Button>
              </div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
