import { style } from '@vanilla-extract/css';

import { vars } from '../../../ui/theme.css';

/** The start date and traveler step: the form column of the wizard. */
export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

/** The traveler's fields, grouped under their legend with the form's spacing. */
export const traveler = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
});

export const legend = style({
  padding: `0 ${vars.space.xs}`,
  fontWeight: 600,
  color: vars.color.text,
});

/**
 * The months' room while they load: the API offers four (this month and the next three; joti three,
 * SPEC.md 4.1, sandbox/handlers/order-catalog.ts), each radio a 44 px row, so the step does not
 * jump when they come (the prerendered /order shows them loading: src/prerender.tsx).
 */
export const monthsLoading = style({ minBlockSize: `calc(4 * ${vars.size.target})` });
