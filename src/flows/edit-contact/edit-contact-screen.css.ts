import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

/** The screen's column: the information, the alerts and the form. */
export const screen = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: '48rem' });

/** The traveler's fields, grouped under their legend with the form's spacing. */
export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
});

export const legend = style({ padding: `0 ${vars.space.xs}`, fontWeight: 600, color: vars.color.text });
