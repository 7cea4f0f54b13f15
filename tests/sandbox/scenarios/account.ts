import type { Scenario } from '../harness';

/** Contract scenarios of the "account" area: each calls operations as the portal would and asserts the effect. */
export const accountScenarios: Scenario[] = [];
