import { Trans } from '@lingui/react/macro';
import { createFileRoute, useRouteContext } from '@tanstack/react-router';

import type { ProductName } from '../domain/product';
import { formatPrice } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { HeroBanner } from '../ui/hero-banner';
import { Link } from '../ui/link';
import * as styles from './-shell/start-page.css';
import { loadStartPrice, type StartPrice, useStartPrice } from './-shell/start-price';

export const Route = createFileRoute('/')({
  /**
   * Asks for the start dates and then the price as soon as the route matches, while the page's
   * chunk may still load. Not awaited: the page shows at once, with "Loading the current price…",
   * and the price when it has come (the start page must load fast, issue 14). A failure is not
   * the loader's: the page says the price cannot be shown (a 503 goes to /maintenance, from the
   * API client). Without React Query, which the start page does not load (-shell/start-price.ts);
   * the router context has no `queryClient` here (routes/__root.tsx).
   */
  loader: ({ context: { api, config } }) => loadStartPrice(api, config.product.name),
  component: StartPage,
  // One chunk, not two: the start page needs both at once, and each split shared the price's code
  // as a third file (0.9 KiB gzip of the start page's 120, issue 14; vite.config.ts preloads it).
  codeSplitGroupings: [['loader', 'component']],
});

/** The start page: what the configured product is, its price from the API, the call to order. */
function StartPage() {
  const { config, api } = useRouteContext({ from: '__root__' });
  const product = config.product.name;
  const price = useStartPrice(api, product);

  return (
    <>
      <HeroBanner
        headingLevel={1}
        title={<ProductTitle product={product} />}
        action={
          <Link href="/order" className={styles.cta}>
            <Trans id="common:start.cta">Order now</Trans>
          </Link>
        }
      >
        <ProductLead product={product} />
      </HeroBanner>
      <section aria-labelledby="price-heading" className={styles.price}>
        <h2 id="price-heading">
          <Trans id="common:start.price.title">Price</Trans>
        </h2>
        <PriceText state={price} />
      </section>
    </>
  );
}

function ProductTitle({ product }: { product: ProductName }) {
  switch (product) {
    case 'joti':
      return <Trans id="common:start.joti.title">Your job ticket for all of Germany</Trans>;
    case 'seti':
      return <Trans id="common:start.seti.title">Your semester ticket for all of Germany</Trans>;
    default:
      return <Trans id="common:start.title">Your ticket for all of Germany</Trans>;
  }
}

function ProductLead({ product }: { product: ProductName }) {
  switch (product) {
    case 'joti':
      return <Trans id="common:start.joti.lead">Through your employer, often subsidized: buses, trams, underground and regional trains, every month.</Trans>;
    case 'seti':
      return <Trans id="common:start.seti.lead">For students of participating universities: buses, trams, underground and regional trains, every month.</Trans>;
    default:
      return <Trans id="common:start.lead">One subscription for buses, trams, underground and regional trains, every month.</Trans>;
  }
}

function PriceText({ state }: { state: StartPrice }) {
  const locale = useLocale();
  if (state.status === 'failed')
    return (
      <p>
        <Trans id="common:start.price.unavailable">The current price cannot be shown right now.</Trans>
      </p>
    );
  if (state.status === 'loading')
    return (
      <p aria-busy="true">
        <Trans id="common:start.price.loading">Loading the current price…</Trans>
      </p>
    );
  const price = formatPrice(state.amount, locale);
  return (
    <p className={styles.amount} data-testid="start-price">
      <Trans id="common:start.price.amount">{price} a month, cancellable monthly</Trans>
    </p>
  );
}
