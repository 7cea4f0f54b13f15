import { useEffect, useSyncExternalStore } from 'react';

import type { ApiClient } from '../../api/client';
import { dataOf } from '../../api/failure';
import { cacheTimeMs } from '../../api/retry';
import { defaultCompanyId, type ProductName } from '../../domain/product';

/**
 * The start page's price, fetched without React Query (issue 14): React Query is 10 KiB gzip the
 * start page would load for two reads, so it comes with the first other page instead
 * (src/api/query-client-handle.ts). The reads follow the portal's rules all the same: the API
 * client tries a 503 again twice before it sends the customer to /maintenance (src/api/retry.ts),
 * a price shown is fresh for 5 minutes, a failure is fetched again on the next visit.
 * A fetch in flight is never started twice (the route's loader starts it, the page listens) and
 * is not cancelled when the customer leaves: coming back shows what it brought. A later page
 * (the order wizard) fetches the start dates again through React Query; that is one small read.
 */
export type StartPrice = { status: 'loading' } | { status: 'shown'; amount: number } | { status: 'failed' };

interface PriceStore {
  price: StartPrice;
  shownAt: number;
  fetching: boolean;
  listeners: Set<() => void>;
  /** For `useSyncExternalStore`: made once per store, so the page does not subscribe again on every render. */
  subscribe: (listener: () => void) => () => void;
  snapshot: () => StartPrice;
}

const loading: StartPrice = { status: 'loading' };
const failed: StartPrice = { status: 'failed' };
const stores = new WeakMap<ApiClient, Map<ProductName, PriceStore>>();

function storeOf(api: ApiClient, product: ProductName): PriceStore {
  let byProduct = stores.get(api);
  if (!byProduct) stores.set(api, (byProduct = new Map()));
  let store = byProduct.get(product);
  if (!store) {
    const listeners = new Set<() => void>();
    const created: PriceStore = {
      price: loading,
      shownAt: 0,
      fetching: false,
      listeners,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      snapshot: () => created.price,
    };
    byProduct.set(product, (store = created));
  }
  return store;
}

/** The first start date's monthly price of the default company, as the start page shows it. */
async function fetchPrice(api: ApiClient, product: ProductName): Promise<number> {
  const {
    start_dates: [firstStart],
  } = dataOf(await api.GET('/api/v1/order/startdates', { params: { query: { product } } }));
  if (firstStart === undefined) throw new Error(`no start date is offered for ${product}`);
  const quote = dataOf(
    await api.GET('/api/v1/quotation/quotes/{companyId}', { params: { path: { companyId: defaultCompanyId }, query: { subscriptionStartsOn: firstStart } } }),
  );
  return quote.totalPrice;
}

/** Starts fetching the price unless it is being fetched or a fresh one is there (the route's loader, the page on mount). */
export function loadStartPrice(api: ApiClient, product: ProductName): void {
  const store = storeOf(api, product);
  if (store.fetching || (store.price.status === 'shown' && Date.now() - store.shownAt < cacheTimeMs)) return;
  const show = (price: StartPrice) => {
    store.price = price;
    store.listeners.forEach((listener) => listener());
  };
  store.fetching = true;
  // A stale price stays on screen while the new one comes; after a failure the page says "loading" again.
  if (store.price.status === 'failed') show(loading);
  fetchPrice(api, product).then(
    (amount) => {
      store.fetching = false;
      store.shownAt = Date.now();
      show({ status: 'shown', amount });
    },
    () => {
      store.fetching = false;
      show(failed);
    },
  );
}

/** The price as the start page shows it; fetches it when the page mounts and it is not there or stale. */
export function useStartPrice(api: ApiClient, product: ProductName): StartPrice {
  const store = storeOf(api, product);
  // The server snapshot is the build's prerender (src/start-up/prerender.tsx), where the price is loading.
  const price = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  useEffect(() => loadStartPrice(api, product), [api, product]);
  return price;
}
