import { Trans } from '@lingui/react/macro';

import type { Quote } from '#machines/order-wizard/order-wizard.types';
import { type PriceText, priceText } from '#src/domain/price';
import type { ProductRules } from '#src/domain/product';
import { formatPrice } from '#src/i18n/format';
import type { Locale } from '#src/i18n/locales';
import { useLocale } from '#src/i18n/use-locale';
import * as styles from './quote-price.css';

export interface QuotePriceProps {
  quote: Quote | undefined;
  /** The company the quote is for (the special partly-subsidized text of SPEC.md 4.2). */
  companyId: string | undefined;
  product: ProductRules;
  failed?: boolean;
}

/**
 * The monthly price of a quote with SPEC.md 4.2's text, announced politely when it appears: on the
 * company step, the start step and the summary.
 */
export function QuotePrice({ quote, companyId, product, failed = false }: QuotePriceProps) {
  const locale = useLocale();
  let content;
  if (failed) {
    content = <Trans id="order:price.error">Your price cannot be shown right now. Please try again later.</Trans>;
  } else if (!quote) {
    content = <Trans id="order:price.loading">Loading your price…</Trans>;
  } else {
    content = <PriceSentence kind={priceText(quote, companyId)} quote={quote} product={product} locale={locale} />;
  }
  return (
    <div role="status" className={styles.price} data-price-text={quote && !failed ? priceText(quote, companyId) : undefined} aria-busy={!quote && !failed}>
      {content}
    </div>
  );
}

function PriceSentence({ kind, quote, product, locale }: { kind: PriceText; quote: Quote; product: ProductRules; locale: Locale }) {
  const total = formatPrice(quote.totalPrice, locale);
  const yours = formatPrice(quote.customerRealPrice, locale);
  const employer = formatPrice(quote.employerPrice, locale);
  switch (kind) {
    case 'fullySubsidized':
      return product.name === 'seti' ? (
        <Trans id="orderSeti:price.fullySubsidized">Your semester fee covers the ticket ({total} a month). You pay nothing more.</Trans>
      ) : (
        <Trans id="order:price.fullySubsidized">Your employer pays the full price of {total} a month. You pay nothing.</Trans>
      );
    case 'partlySubsidized':
      return product.name === 'seti' ? (
        <Trans id="orderSeti:price.partlySubsidized">
          Your university pays {employer} of the {total} a month. Your share of {yours} a month is collected with your semester fee.
        </Trans>
      ) : (
        <Trans id="order:price.partlySubsidized">
          Your employer pays {employer} of the {total} a month. You pay {yours} a month.
        </Trans>
      );
    case 'specialPartlySubsidized':
      return (
        <Trans id="orderJoti:price.specialPartlySubsidized">
          With the subsidy agreed with your employer you pay only {yours} a month instead of {total}.
        </Trans>
      );
    default:
      return <Trans id="order:price.notSubsidized">The ticket costs {yours} a month.</Trans>;
  }
}
