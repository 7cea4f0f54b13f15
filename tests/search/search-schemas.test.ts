import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import type * as v from 'valibot';

import {
  accountSearchSchema,
  confirmationSearchSchema,
  failureSearchSchema,
  maintenanceSearchSchema,
  orderStepSearchSchema,
  passwordResetSearchSchema,
  paymentSearchSchema,
  terminateSuccessSearchSchema,
  verifyEmailFailedSearchSchema,
  verifyEmailSearchSchema,
} from '#src/search/search-schemas';

/**
 * The routes' search schemas (valibot, given to the router as Standard Schemas). The router parses
 * every value JSON-first, so `123` arrives as a number and `false` as a boolean; a value that is
 * text is read back as text, and a bad value is dropped, never an error page.
 */

/** What the router gets from a schema: a value, never issues. */
function validated(schema: v.GenericSchema, search: Record<string, unknown>): unknown {
  const result = schema['~standard'].validate(search);
  if (result instanceof Promise) throw new Error('the router takes no async schema');
  expect(result.issues).toBeUndefined();
  return 'value' in result ? result.value : undefined;
}

describe('?step= of the order routes', () => {
  it.each([
    [{ step: 'company' }, { step: 'company' }],
    [{ step: 'startAndTraveler' }, { step: 'startAndTraveler' }],
    [{ step: 'billing' }, { step: 'billing' }],
    [{ step: 'account' }, { step: 'account' }],
    [{ step: 'summary' }, { step: 'summary' }],
    [{}, {}],
    [{ step: 'payment' }, { step: undefined }],
    [{ step: 'Summary' }, { step: undefined }],
    [{ step: 1 }, { step: undefined }],
    [{ step: true }, { step: undefined }],
    [{ step: ['company'] }, { step: undefined }],
    [{ step: 'company', other: 'x' }, { step: 'company' }],
  ])('%j → %j', (search, expected) => {
    expect(validated(orderStepSearchSchema, search)).toStrictEqual(expected);
  });
});

describe('?affiliate= of the order routes (SPEC.md 7.5): kept for register and the order, at most 100 characters', () => {
  const longest = 'a'.repeat(100);
  it.each([
    [{ affiliate: 'partner-7' }, { affiliate: 'partner-7' }],
    [
      { step: 'billing', affiliate: '  partner 7 ' },
      { step: 'billing', affiliate: 'partner 7' },
    ],
    // JSON-parsed by the router: read back as the text it was.
    [{ affiliate: 4711 }, { affiliate: '4711' }],
    [{ affiliate: longest }, { affiliate: longest }],
    [{ affiliate: `${longest}b` }, { affiliate: undefined }],
    [{ affiliate: '   ' }, { affiliate: undefined }],
    [{ affiliate: { a: 1 } }, { affiliate: undefined }],
    [
      { step: 'company', affiliate: ['x'] },
      { step: 'company', affiliate: undefined },
    ],
  ])('%j → %j', (search, expected) => {
    expect(validated(orderStepSearchSchema, search)).toStrictEqual(expected);
  });
});

describe('the payment routes: /app/payment/{orderNumber} and /app/payment/edit/{orderNumber}', () => {
  it.each([
    [
      { orderId: 'o-1', orderNumber: 'A-100001', transactionId: 'tx-1', paymentMethod: 'CREDITCARD', paymentInstrumentId: 'pi-1' },
      { orderId: 'o-1', orderNumber: 'A-100001', transactionId: 'tx-1', paymentMethod: 'CREDITCARD', paymentInstrumentId: 'pi-1' },
    ],
    // JSON-parsed by the router: read back as the text they were.
    [
      { orderId: 123, transactionId: 456, paymentMethod: true, paymentInstrumentId: false },
      { orderId: '123', transactionId: '456', paymentMethod: 'true', paymentInstrumentId: 'false' },
    ],
    // The provider failed after the payment: the instrument id is empty, and stays so.
    [
      { transactionId: 'tx-1', paymentMethod: 'BANKACCOUNT', paymentInstrumentId: '' },
      { transactionId: 'tx-1', paymentMethod: 'BANKACCOUNT', paymentInstrumentId: '' },
    ],
    [{}, {}],
    [
      { orderId: { a: 1 }, orderNumber: ['A-1'], transactionId: null },
      { orderId: undefined, orderNumber: undefined, transactionId: undefined },
    ],
    [{ hasShopError: true, step: 'billing' }, {}],
  ])('%j → %j', (search, expected) => {
    expect(validated(paymentSearchSchema, search)).toStrictEqual(expected);
  });
});

describe('/app/payment/failure?orderNumber=&hasShopError=', () => {
  it.each([
    [
      { orderNumber: 'A-100001', hasShopError: true },
      { orderNumber: 'A-100001', hasShopError: true },
    ],
    [
      { orderNumber: ' A-100001 ', hasShopError: 'true' },
      { orderNumber: 'A-100001', hasShopError: true },
    ],
    [
      { orderNumber: 100001, hasShopError: false },
      { orderNumber: '100001', hasShopError: false },
    ],
    [{ hasShopError: 'false' }, { hasShopError: false }],
    [{}, { hasShopError: false }],
    [
      { orderNumber: '   ', hasShopError: 1 },
      { orderNumber: undefined, hasShopError: false },
    ],
    [
      { orderNumber: { a: 1 }, hasShopError: 'yes' },
      { orderNumber: undefined, hasShopError: false },
    ],
    [
      { orderNumber: 'A-1', hasShopError: null },
      { orderNumber: 'A-1', hasShopError: false },
    ],
  ])('%j → %j', (search, expected) => {
    expect(validated(failureSearchSchema, search)).toStrictEqual(expected);
  });
});

describe('/app/order/confirmation?orderNumber=', () => {
  it.each([
    [{ orderNumber: 'C-300002' }, { orderNumber: 'C-300002' }],
    [{ orderNumber: '  C-300002\n' }, { orderNumber: 'C-300002' }],
    [{ orderNumber: 300002 }, { orderNumber: '300002' }],
    [{ orderNumber: false }, { orderNumber: 'false' }],
    [{}, {}],
    [{ orderNumber: '' }, { orderNumber: undefined }],
    [{ orderNumber: [1, 2] }, { orderNumber: undefined }],
  ])('%j → %j', (search, expected) => {
    expect(validated(confirmationSearchSchema, search)).toStrictEqual(expected);
  });
});

describe('/actions/verify-email?user_id&token and /actions/verify-email/failed?user_id', () => {
  it.each([
    [
      { user_id: 'u-1', token: 'abc' },
      { user_id: 'u-1', token: 'abc' },
    ],
    [
      { user_id: 42, token: 123456 },
      { user_id: '42', token: '123456' },
    ],
    [
      { user_id: ' u-1 ', token: '' },
      { user_id: 'u-1', token: undefined },
    ],
    // A value the router read as a boolean is no id or token.
    [
      { user_id: true, token: false },
      { user_id: undefined, token: undefined },
    ],
    [{}, {}],
  ])('%j → %j', (search, expected) => {
    expect(validated(verifyEmailSearchSchema, search)).toStrictEqual(expected);
  });

  it('the failed page reads the user id alone', () => {
    expect(validated(verifyEmailFailedSearchSchema, { user_id: 7, token: 'x' })).toStrictEqual({ user_id: '7' });
  });
});

describe('/password-reset?user_id&token', () => {
  it.each([
    [
      { user_id: 'u-1', token: 'abc' },
      { user_id: 'u-1', token: 'abc' },
    ],
    [
      { user_id: 42, token: true },
      { user_id: '42', token: 'true' },
    ],
    [
      { user_id: '  ', token: ['a'] },
      { user_id: undefined, token: undefined },
    ],
    [{}, {}],
  ])('%j → %j', (search, expected) => {
    expect(validated(passwordResetSearchSchema, search)).toStrictEqual(expected);
  });
});

describe('?notice= of the account page, ?date= of the termination’s success page', () => {
  it.each([
    [accountSearchSchema, { notice: 'passwordChanged' }, { notice: 'passwordChanged' }],
    [accountSearchSchema, { notice: 'emailChanged' }, { notice: undefined }],
    [terminateSuccessSearchSchema, { date: '2027-01-31' }, { date: '2027-01-31' }],
    [terminateSuccessSearchSchema, { date: '31.01.2027' }, { date: undefined }],
    [terminateSuccessSearchSchema, { date: 20270131 }, { date: undefined }],
  ] as const)('%#: %j → %j', (schema, search, expected) => {
    expect(validated(schema, search)).toStrictEqual(expected);
  });
});

describe('in the router: from the address to what the page reads', () => {
  /** The search a route with the schema reads at `href` (the router's own parsing and merging). */
  async function searchAt(schema: v.GenericSchema, href: string): Promise<unknown> {
    const rootRoute = createRootRoute();
    const page = createRoute({ getParentRoute: () => rootRoute, path: '/page', validateSearch: schema });
    const router = createRouter({ routeTree: rootRoute.addChildren([page]), history: createMemoryHistory({ initialEntries: [href] }) });
    await router.load();
    const match = router.state.matches.at(-1)!;
    expect(match.routeId).toBe('/page');
    expect(match.searchError).toBeUndefined();
    return match.search;
  }

  it('reads numbers and booleans back as text, and hasShopError as a boolean', async () => {
    expect(await searchAt(failureSearchSchema, '/page?orderNumber=100001&hasShopError=false')).toEqual({ orderNumber: '100001', hasShopError: false });
    expect(await searchAt(failureSearchSchema, '/page?orderNumber=A-100001&hasShopError=true')).toEqual({ orderNumber: 'A-100001', hasShopError: true });
    expect(await searchAt(paymentSearchSchema, '/page?orderId=00123&transactionId=42&paymentMethod=CREDITCARD&paymentInstrumentId=')).toEqual({
      orderId: '00123',
      transactionId: '42',
      paymentMethod: 'CREDITCARD',
      paymentInstrumentId: '',
    });
    expect(await searchAt(orderStepSearchSchema, '/page?affiliate=0815&step=company')).toEqual({ step: 'company', affiliate: '0815' });
  });

  it('drops a bad value: the page does not see the raw one', async () => {
    expect(await searchAt(orderStepSearchSchema, '/page?step=payment')).toEqual({});
    expect(await searchAt(orderStepSearchSchema, `/page?step=billing&affiliate=${'x'.repeat(101)}`)).toEqual({ step: 'billing' });
    expect(await searchAt(confirmationSearchSchema, '/page?orderNumber=%20%20')).toEqual({});
    expect(await searchAt(paymentSearchSchema, `/page?orderId=${encodeURIComponent('{"a":1}')}&orderNumber=A-1`)).toEqual({ orderNumber: 'A-1' });
  });
});

describe('?from= of the maintenance page: where "Try again" leads', () => {
  it("keeps a path of the portal's own", () => {
    expect(validated(maintenanceSearchSchema, { from: '/order?step=billing' })).toEqual({ from: '/order?step=billing' });
    expect(validated(maintenanceSearchSchema, { from: '/app/dashboard/tickets' })).toEqual({ from: '/app/dashboard/tickets' });
  });

  it('drops another origin, a protocol-relative or backslashed path, and the maintenance page itself', () => {
    for (const from of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '/maintenance', '/maintenance?from=%2F', 42]) {
      expect(validated(maintenanceSearchSchema, { from })).toEqual({ from: undefined });
    }
  });
});
