import { createGlobalTheme } from '@vanilla-extract/css';

/**
 * Design tokens. Colour pairs are chosen for WCAG 2.2 AA: text colours reach at least 4.5:1 on
 * the surfaces they are used on, and UI boundaries and the focus ring at least 3:1.
 */
export const vars = createGlobalTheme(':root', {
  color: {
    text: '#1a1a1a',
    textMuted: '#4d4d4d',
    textInverse: '#ffffff',
    surface: '#ffffff',
    surfaceMuted: '#f3f3f5',
    border: '#767676',
    borderSubtle: '#d0d0d4',
    primary: '#a3000b',
    primaryHover: '#7f0009',
    accent: '#0b5394',
    accentHover: '#083f70',
    secondary: '#1f3a5f',
    focus: '#0b5394',
    success: '#1e6b2f',
    successSurface: '#e6f4ea',
    error: '#b00020',
    errorSurface: '#fdecee',
    warning: '#7a4b00',
    warningSurface: '#fff4e0',
    info: '#0b5394',
    infoSurface: '#e8f1fb',
    /** 5.6:1 on disabledSurface, 7:1 on white: disabled controls stay readable. */
    disabledText: '#595959',
    disabledSurface: '#e6e6e6',
    /** Inverse focus ring for dark surfaces (hero banner): 11:1 on secondary. */
    focusInverse: '#ffffff',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.75rem',
    xxl: '2.25rem',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
  },
  radius: {
    sm: '4px',
    md: '8px',
    lg: '16px',
    pill: '999px',
  },
  size: {
    /** WCAG 2.2 target size: 24 px minimum; we use 44 px for primary controls. */
    target: '44px',
    targetSm: '32px',
    content: '72rem',
    popover: '16rem',
    heroHeight: '20rem',
    comboboxList: '300px',
    comboboxGroup: '18rem',
  },
  focusRing: '3px solid #0b5394',
  duration: {
    accordion: '100ms',
  },
});
