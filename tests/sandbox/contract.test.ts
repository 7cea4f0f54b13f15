// @vitest-environment node
import { loadContract } from '#sandbox/contract';
import { createTestSandbox, exercisedOperations, type Scenario } from './harness';
import { accountScenarios } from './scenarios/account';
import { authScenarios } from './scenarios/auth';
import { ordersScenarios } from './scenarios/orders';
import { paymentScenarios } from './scenarios/payment';
import { subscriptionsScenarios } from './scenarios/subscriptions';
import { terminationsScenarios } from './scenarios/terminations';

/**
 * The contract tests: scenarios call every operation of openapi/portal.yaml against an in-memory
 * sandbox; the harness checks each answer against the contract. The last test counts.
 */
const groups: [string, Scenario[]][] = [
  ['orders', ordersScenarios],
  ['subscriptions', subscriptionsScenarios],
  ['terminations', terminationsScenarios],
  ['payment', paymentScenarios],
  ['auth', authScenarios],
  ['account', accountScenarios],
];

const context = await createTestSandbox();

for (const [group, scenarios] of groups) {
  describe(group, () => {
    for (const scenario of scenarios) {
      it(scenario.name, async () => {
        await scenario.run({ sandbox: context.sandbox, client: context.newClient(), newClient: context.newClient });
      });
    }
  });
}

it('exercises every operation of the contract', () => {
  const all = Object.values(loadContract().paths ?? {}).flatMap((item) =>
    Object.values(item ?? {}).flatMap((operation) =>
      typeof operation === 'object' && operation && 'operationId' in operation ? [String(operation.operationId)] : [],
    ),
  );
  const missing = all.filter((id) => !exercisedOperations.has(id));
  console.log(`${all.length - missing.length}/${all.length} operations exercised`);
  expect(missing).toEqual([]);
});
