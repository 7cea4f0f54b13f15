import type { Handlers } from '../handler';

/** Operations of the contract's "subscriptions" area. */
export const subscriptionHandlers: Handlers = {};
