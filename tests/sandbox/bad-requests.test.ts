// @vitest-environment node
import { createTestSandbox, type CallResult, type TestClient } from './harness';

/** Issue 13, item 13: the answers to bad requests speak the contract's vocabulary. */

const { newClient } = await createTestSandbox();

interface ProblemBody {
  code?: string;
}

async function visited(): Promise<TestClient> {
  const anonymous = newClient();
  await anonymous.visit();
  return anonymous;
}
const problemOf = (result: CallResult) => result.body as ProblemBody;

describe('401 speaks the contract’s vocabulary', () => {
  it('a call that needs a session, without one: 401 unauthenticated', async () => {
    const result = await (await visited()).get('/api/v2/order/orders');
    expect(result.status).toBe(401);
    expect(problemOf(result).code).toBe('unauthenticated');
  });
});
