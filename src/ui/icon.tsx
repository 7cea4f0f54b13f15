import type { ReactElement } from 'react';

import { externalIconPath, IconSvg } from './icon-svg';

/**
 * Decorative icons. They are always `aria-hidden`: meaning is carried by text next to them
 * (or by a visually hidden text), never by the icon or its colour alone.
 */
export type IconName =
  | 'check'
  | 'cross'
  | 'info'
  | 'warning'
  | 'error'
  | 'chevronDown'
  | 'chevronLeft'
  | 'chevronRight'
  | 'calendar'
  | 'external'
  | 'spinner'
  | 'plus'
  | 'minus'
  | 'edit';

const paths: Record<IconName, ReactElement> = {
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  cross: <path d="M6 6l12 12M18 6L6 18" />,
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3.5L2.5 20h19L12 3.5z" />
      <path d="M12 10v4.5M12 17.5v.5" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v6M12 16.5v.5" />
    </>
  ),
  chevronDown: <path d="M6 9l6 6 6-6" />,
  chevronLeft: <path d="M15 6l-6 6 6 6" />,
  chevronRight: <path d="M9 6l6 6-6 6" />,
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  external: externalIconPath,
  spinner: <path d="M12 3a9 9 0 1 1-9 9" />,
  plus: <path d="M12 5v14M5 12h14" />,
  minus: <path d="M5 12h14" />,
  edit: <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4zM13.5 6.5l4 4" />,
};

export interface IconProps {
  name: IconName;
  className?: string;
}

export function Icon({ name, className }: IconProps) {
  return (
    <IconSvg className={className} spinning={name === 'spinner'}>
      {paths[name]}
    </IconSvg>
  );
}
