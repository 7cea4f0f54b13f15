import type { Handlers } from '../handler';

/** Operations of the contract's "orders" area. */
export const orderHandlers: Handlers = {};
