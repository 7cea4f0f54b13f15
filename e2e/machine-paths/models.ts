import { cancelOrderBrowser } from './cancel-order';
import type { AnyBrowserModel } from './run';
import { withdrawTerminationBrowser } from './withdraw-termination';

/**
 * The flows whose browser tests are generated from their machines (e2e/machine-paths.spec.ts).
 * The order wizard has its own generator (e2e/order-wizard-model/), for its variants, reloads and
 * history; every other customer flow belongs here.
 */
export const browserModels: readonly AnyBrowserModel[] = [withdrawTerminationBrowser, cancelOrderBrowser];
