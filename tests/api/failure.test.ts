import { createApiClient } from '#src/api/client';
import { ApiFailure, dataOf, isApiFailure, localFailure } from '#src/api/failure';
import { failureOf } from '#src/domain/failure';

/** `dataOf` over real openapi-fetch results: 2xx is data (SPEC.md 7.6), anything else an ApiFailure. */

function answering(response: Response) {
  return createApiClient({ baseUrl: 'https://api.example.com/', onMaintenance: () => {}, readCookies: () => '', fetch: () => Promise.resolve(response) });
}

const problem = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/problem+json' } });

/** What `dataOf` gives for one answer: the data, or the failure it throws. */
async function outcome(response: Response): Promise<{ data: unknown } | { failure: unknown }> {
  const result = await answering(response).GET('/api/v2/order/orders');
  try {
    return { data: dataOf(result) };
  } catch (error) {
    return { failure: error };
  }
}

describe('dataOf', () => {
  it.each<[string, () => Response, unknown]>([
    ['200 with JSON', () => new Response(JSON.stringify([{ id: '1' }]), { status: 200, headers: { 'Content-Type': 'application/json' } }), [{ id: '1' }]],
    ['204 without a body', () => new Response(null, { status: 204 }), undefined],
    ['299', () => new Response(null, { status: 299 }), undefined],
  ])('%s is success', async (_, response, data) => {
    expect(await outcome(response())).toEqual({ data });
  });

  it.each<[string, () => Response, { status: number; code: string | undefined; fieldErrors: unknown[] }]>([
    [
      '400 problem+json',
      () => problem({ status: 400, code: 'invalid', errors: [{ field: 'billing_address.city', code: 'required' }] }, 400),
      { status: 400, code: 'invalid', fieldErrors: [{ field: 'billing_address.city', code: 'required' }] },
    ],
    ['500 without a body', () => new Response(null, { status: 500 }), { status: 500, code: undefined, fieldErrors: [] }],
    [
      '302',
      () => new Response(JSON.stringify({}), { status: 302, headers: { 'Content-Type': 'application/json' } }),
      { status: 302, code: undefined, fieldErrors: [] },
    ],
  ])('%s throws an ApiFailure with status, code and field errors', async (_, response, expected) => {
    const result = await outcome(response());
    expect(result).toHaveProperty('failure');
    const { failure } = result as { failure: unknown };
    expect(isApiFailure(failure)).toBe(true);
    expect(failure).toMatchObject(expected);
    expect(failureOf(failure)).toEqual(expected);
  });
});

describe('ApiFailure', () => {
  it('carries status, code and field errors, and keeps the problem for logs', () => {
    const body = { status: 400, code: 'invalid', title: 'Invalid', errors: [{ field: 'iban', code: 'format' }] };
    const failure = new ApiFailure(400, body);
    expect([failure.status, failure.code, failure.fieldErrors, failure.problem]).toEqual([400, 'invalid', [{ field: 'iban', code: 'format' }], body]);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toBe('API answered 400 (invalid)');
  });

  it('is what a failure the portal finds itself is made as', () => {
    const notFound = localFailure(404, 'notFound', 'No order has this number');
    expect(isApiFailure(notFound)).toBe(true);
    expect(failureOf(notFound)).toEqual({ status: 404, code: 'notFound', fieldErrors: [] });
    expect(isApiFailure({ status: 404 })).toBe(false);
  });
});
