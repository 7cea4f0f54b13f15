import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Popover as AriaPopover, type PopoverProps as AriaPopoverProps } from 'react-aria-components';

import * as styles from './popover.css';

export interface PopoverProps extends Omit<AriaPopoverProps, 'className'> {
  /** `panel` is 16rem wide; `trigger` matches the trigger (lists of select and combo box). */
  width?: 'panel' | 'trigger' | 'auto';
  className?: string;
}

/** The styled react-aria Popover every overlay of the design system uses. */
export function Popover({ width = 'panel', className, offset = 4, ...props }: PopoverProps) {
  const widthClass = width === 'panel' ? styles.panelWidth : width === 'trigger' ? styles.triggerWidth : undefined;
  return <AriaPopover {...props} offset={offset} className={[styles.popover, widthClass, className].filter(Boolean).join(' ')} />;
}

export interface PopoverDialogProps extends Omit<PopoverProps, 'children'> {
  title: ReactNode;
  children: ReactNode;
  headingLevel?: 2 | 3 | 4;
}

/**
 * A non-modal dialog in a 16rem popover, opened by the button next to it in a `DialogTrigger`:
 * `<DialogTrigger><Button>Info</Button><PopoverDialog title="…">…</PopoverDialog></DialogTrigger>`.
 */
export function PopoverDialog({ title, children, headingLevel = 3, ...props }: PopoverDialogProps) {
  return (
    <Popover {...props}>
      <AriaDialog className={styles.dialog}>
        <Heading slot="title" level={headingLevel} className={styles.title}>
          {title}
        </Heading>
        {children}
      </AriaDialog>
    </Popover>
  );
}
