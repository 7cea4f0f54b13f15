import { style } from '@vanilla-extract/css';

import { vars } from './theme.css';

/** The input with its list button is 18rem wide (SPEC.md section 9: combobox group 18rem). */
export const group = style({ width: vars.size.comboboxGroup });

/** The open list's text when nothing matches. */
export const emptyState = style({ padding: vars.space.sm, color: vars.color.text });
