import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { failureOf } from '#src/domain/failure';
import { instrumentBadge } from '#src/domain/payment-rules';
import { usePaymentInstrumentWords } from '#src/i18n/payment-instrument';
import { Badge } from '#src/ui/badge';
import { paymentInstrumentQuery } from '#src/api/queries/payment';

/**
 * The payment instrument of an order (SPEC.md 4.6): its kind and a badge, success when its status
 * is ok, error when Expired, PaymentFailed, SecurityCheckPending or when the call fails. An order
 * without an instrument (404, e.g. one not paid yet) says so without a badge: nothing is wrong with
 * a method that does not exist. The words are the payment details page's too (src/i18n/payment-instrument.ts).
 * With `read` false it does not ask yet and says "Loading…" (or shows what React Query's cache has).
 */
export function PaymentBadge({ orderId, read = true }: { orderId: string; read?: boolean }) {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const words = usePaymentInstrumentWords();
  const instrument = useQuery({ ...paymentInstrumentQuery(queries, orderId), enabled: read });

  if (instrument.isPending) return <span>{t({ id: 'tickets:payment.loading', message: 'Loading…' })}</span>;
  if (instrument.isError) {
    if (failureOf(instrument.error).status === 404) return <span>{words.none}</span>;
    return (
      <span data-testid="payment-badge">
        <Badge variant="error">{words.failed}</Badge>
      </span>
    );
  }
  const { paymentInstrumentType, instrumentStatus } = instrument.data;
  return (
    <span data-testid="payment-badge">
      {words.kind(paymentInstrumentType)} <Badge variant={instrumentBadge(instrumentStatus)}>{words.status(instrumentStatus)}</Badge>
    </span>
  );
}
