import type { Scenario } from '../harness';

/** Contract scenarios of the "orders" area: each calls operations as the portal would and asserts the effect. */
export const ordersScenarios: Scenario[] = [];
