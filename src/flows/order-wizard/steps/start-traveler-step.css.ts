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
 * The months' places while they load: the API offers four (this month and the next three; joti
 * three, SPEC.md 4.1, sandbox/handlers/order-catalog.ts), so four rows the size of a radio stand in
 * for them, and the step does not jump when they come (the prerendered /order shows them loading:
 * src/start-up/prerender.tsx). Decoration only (`aria-hidden`): the group's description says they load.
 */
export const monthPlaceholder = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.target,
  '::before': {
    content: '""',
    flexShrink: 0,
    width: '1.375rem',
    height: '1.375rem',
    borderRadius: '50%',
    border: `2px solid ${vars.color.borderSubtle}`,
    boxSizing: 'border-box',
  },
  '::after': { content: '""', width: '8rem', height: '0.75rem', borderRadius: vars.radius.sm, background: vars.color.surfaceMuted },
});
