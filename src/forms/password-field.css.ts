import { style } from '@vanilla-extract/css';

import { vars } from '../ui/theme.css';

export const rules = style({
  display: 'block',
});

export const rulesList = style({
  display: 'block',
  margin: 0,
  marginBlockStart: vars.space.xs,
  paddingInlineStart: '1.25rem',
});

export const rule = style({
  display: 'list-item',
  listStyleType: 'disc',
});
