import { style } from '@vanilla-extract/css';

import { vars } from '#src/ui/theme.css';

export const text = style({ maxWidth: '48rem' });

export const form = style({ display: 'grid', gap: vars.space.lg, maxWidth: '40rem', marginTop: vars.space.lg });

/** What is ended and when: term and value pairs. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(10rem, max-content) 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  maxWidth: '48rem',
  margin: `${vars.space.lg} 0`,
  '@media': {
    'screen and (max-width: 30rem)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const term = style({ fontWeight: 600 });

export const value = style({ margin: 0 });
