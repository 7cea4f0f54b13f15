import type { Handlers } from '../handler';

/** Operations of the contract's "auth" area. */
export const authHandlers: Handlers = {};
