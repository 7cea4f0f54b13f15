import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/** An alert between a screen's paragraphs: space above and below, no wider than the text. */
export const notice = style({ marginTop: vars.space.md, marginBottom: vars.space.md, maxWidth: '48rem' });
