import { style } from '@vanilla-extract/css';

export const signIn = style({
  margin: 0,
});

export const privacyText = style({
  margin: 0,
});
