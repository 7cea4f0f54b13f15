import type { Locale } from '../support';
import type { Tour } from './tours';

/** Tours alternate the portal's two languages, so every flow runs in both. */
export const localeOf = (tour: Pick<Tour<never>, 'index'>): Locale => (tour.index % 2 === 0 ? 'de-DE' : 'en-US');
