import { fromPromise } from 'xstate';

import { type CollectedParts, type DataExportPart, dataExportMachine, type StoredEntry } from '#machines/data-export/data-export.machine';
import { isApiFailure, dataOf } from '#src/api/failure';
import { companyQuery, userInfoQuery } from '#src/api/queries/account';
import { orderQuery, ordersQuery, orderTravelerQuery } from '#src/api/queries/orders';
import { companyUserInfoQuery, paymentAccountQuery, paymentInstrumentQuery, paymentsQuery } from '#src/api/queries/payment';
import { subscriptionDetailsQuery } from '#src/api/queries/subscriptions';
import type { FlowServices } from '#src/flows/use-flow';
import { maskIbans } from './data-export-document';

/** The tickets this device keeps for the signed-in customer (src/flows/offline-ticket/), as the route passes them on. */
export type KeptTicketsReader = () => CollectedParts['device']['offlineTickets'];

/**
 * The data export machine with the app's actors: each part is the API's existing GET calls (through
 * React Query, so what the pages read already is not asked again), or what this device keeps. The
 * direct-debit information is read past the cache (as the SEPA page reads it) and masked here, so
 * the full IBAN reaches neither the cache nor the machine. A failed call rejects with an
 * ApiFailure; a 404 that means "none" (no company, no instrument, no direct debit) is an empty part.
 */
export function provideDataExport({ api, queries, queryClient }: FlowServices, keptTickets: KeptTicketsReader) {
  const orders = () => queryClient.fetchQuery(ordersQuery(queries));
  const collect: { [Part in DataExportPart]: () => Promise<CollectedParts[Part]> } = {
    account: async () => {
      const [userInfo, paymentAccount] = await Promise.all([
        queryClient.fetchQuery(userInfoQuery(queries)),
        orNone(queryClient.fetchQuery(paymentAccountQuery(queries))),
      ]);
      return { userInfo, paymentAccount };
    },
    company: async () => {
      const companyUserInfo = await orNone(queryClient.fetchQuery(companyUserInfoQuery(queries)));
      if (!companyUserInfo) return null;
      return { companyUserInfo, company: await orNone(queryClient.fetchQuery(companyQuery(queries, companyUserInfo.company_id))) };
    },
    orders,
    subscriptions: async () => {
      const ids = (await orders()).flatMap((order) => (order.subscription_id ? [order.subscription_id] : []));
      return Promise.all(ids.map((id) => queryClient.fetchQuery(subscriptionDetailsQuery(queries, id))));
    },
    travelers: async () => Promise.all((await orders()).map((order) => queryClient.fetchQuery(orderTravelerQuery(queries, order.id)))),
    billingAddresses: async () => Promise.all((await orders()).map((order) => queryClient.fetchQuery(orderQuery(queries, order.id)))),
    paymentInstruments: async () =>
      Promise.all(
        (await orders()).map(async (order) => ({
          orderNumber: order.order_number,
          instrument: maskIbans(await orNone(queryClient.fetchQuery(paymentInstrumentQuery(queries, order.id)))),
        })),
      ),
    payments: () => queryClient.fetchQuery(paymentsQuery(queries)),
    directDebit: async () => maskIbans(await orNone(api.GET('/api/v2/payment/paymentinformation').then(dataOf))),
    device: async () => ({ offlineTickets: keptTickets(), storage: maskIbans(portalStorage()) }),
  };
  return dataExportMachine.provide({
    actors: {
      collectPart: fromPromise<CollectedParts[DataExportPart], { part: DataExportPart }>(({ input }) => collect[input.part]()),
    },
  });
}

/** A 404 is "there is none" (null); any other failure fails the part. */
async function orNone<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (isApiFailure(error) && error.status === 404) return null;
    throw error;
  }
}

/** The sign-in's one-time secret (PKCE verifier and state, src/auth/authorization.ts): named, never exported. */
const secretKeys = new Set(['portal.oauth.transaction']);

/** The portal's keys in this browser's storage (`portal.…`: language, order draft, session clock, the device's choices), with their values. */
export function portalStorage(): StoredEntry[] {
  return (['localStorage', 'sessionStorage'] as const).flatMap((name) => {
    let storage: Storage;
    try {
      storage = window[name];
    } catch {
      return [];
    }
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key?.startsWith('portal.') ?? false);
    return keys
      .sort()
      .map((key): StoredEntry => (secretKeys.has(key) ? { storage: name, key, withheld: true } : { storage: name, key, value: parsed(storage.getItem(key)) }));
  });
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
