import * as v from 'valibot';

/**
 * The query of the termination's success page: the end date the flow passes (`?date=YYYY-MM-DD`).
 * A bad or missing value is dropped, never an error page (decision 17): the page then reads the
 * date from the subscription. This module imports no screen: the routes' options are in the entry chunk.
 */
const isoDate = v.pipe(v.string(), v.trim(), v.isoDate());

export const terminateSuccessSearchSchema = v.object({
  date: v.fallback(v.optional(isoDate), undefined),
});

export type TerminateSuccessSearch = v.InferOutput<typeof terminateSuccessSearchSchema>;
