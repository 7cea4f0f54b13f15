import type { Handlers } from '../handler';

/** Operations of the contract's "account" area. */
export const accountHandlers: Handlers = {};
