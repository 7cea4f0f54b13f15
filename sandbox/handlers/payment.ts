import type { Handlers } from '../handler';

/** Operations of the contract's "payment" area. */
export const paymentHandlers: Handlers = {};
