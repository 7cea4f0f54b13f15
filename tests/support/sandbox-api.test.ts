import { dataOf } from '#src/api/failure';
import { failureOf } from '#src/domain/failure';
import { sandboxApi } from './sandbox-api';

describe('sandboxApi: the portal client over the in-process sandbox', () => {
  it('reads the signed-in customer’s orders through the typed client', async () => {
    const { api } = await sandboxApi({ signedInAs: 'deuti@example.com' });
    const orders = dataOf(await api.GET('/api/v2/order/orders'));
    expect(orders.map((order) => order.order_number)).toContain('A-100002');
  });

  it('sends the CSRF header on a write and gets the sandbox’s problem for a refused one', async () => {
    const { api } = await sandboxApi({ signedInAs: 'deuti@example.com' });
    const result = await api.POST('/api/v2/subscription/subscriptions/{id}/withdraw-termination', { params: { path: { id: 'sub-deuti-active' } } });
    expect(result.response.status).toBe(409);
    expect(failureOf(result.error)).toMatchObject({ code: 'terminationNotWithdrawable' });
  });

  it('without a session the API answers 401', async () => {
    const { api } = await sandboxApi();
    expect((await api.GET('/api/v2/order/orders')).response.status).toBe(401);
  });
});
