import { globalStyle } from '@vanilla-extract/css';

import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontFamily: vars.font.body,
  fontSize: '100%',
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.surface,
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', { margin: 0, minHeight: '100vh' });

globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });

globalStyle(':focus-visible', { outline: vars.focusRing, outlineOffset: '2px' });

globalStyle('a', { color: vars.color.accent });

globalStyle('img, svg', { maxWidth: '100%' });

