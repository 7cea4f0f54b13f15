import * as v from 'valibot';

/**
 * The query of the tickets page: a notice a flow leaves there when it ends (`?notice=emailChanged`
 * after the email change, SPEC.md 2.2). An unknown notice is dropped, never an error page
 * (decision 17). This module imports no screen: the routes' options are in the entry chunk.
 */
export const ticketsNotices = ['emailChanged'] as const;
export type TicketsNotice = (typeof ticketsNotices)[number];

export const ticketsSearchSchema = v.object({
  notice: v.fallback(v.optional(v.picklist(ticketsNotices)), undefined),
});
