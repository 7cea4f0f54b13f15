import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';

import { failureOf } from '#src/domain/failure';
import { instrumentBadge } from '#src/domain/payment-rules';
import { Badge } from '#src/ui/badge';
import { paymentInstrumentQuery } from './tickets.queries';

/**
 * The payment instrument of an order (SPEC.md 4.6): its kind and a badge, success when its status
 * is ok, error when Expired, PaymentFailed, SecurityCheckPending or when the call fails. An order
 * without an instrument (404, e.g. one not paid yet) says so without a badge: nothing is wrong with
 * a method that does not exist.
 */
export function PaymentBadge({ orderId }: { orderId: string }) {
  const { queries } = useRouteContext({ from: '__root__' });
  const { t } = useLingui();
  const instrument = useQuery(paymentInstrumentQuery(queries, orderId));

  if (instrument.isPending) return <span>{t({ id: 'tickets:payment.loading', message: 'Loading…' })}</span>;
  if (instrument.isError) {
    if (failureOf(instrument.error).status === 404) return <span>{t({ id: 'tickets:payment.none', message: 'None stored' })}</span>;
    return (
      <span data-testid="payment-badge">
        <Badge variant="error">{t({ id: 'tickets:payment.failed', message: 'Cannot be checked right now' })}</Badge>
      </span>
    );
  }
  const { paymentInstrumentType, instrumentStatus } = instrument.data;
  const kind =
    paymentInstrumentType === 'BANKACCOUNT'
      ? t({ id: 'tickets:payment.bankAccount', message: 'Direct debit' })
      : paymentInstrumentType === 'CREDITCARD'
        ? t({ id: 'tickets:payment.creditCard', message: 'Credit card' })
        : t({ id: 'tickets:payment.tdx', message: 'Via your employer or university' });
  const status = {
    Expired: t({ id: 'tickets:payment.status.expired', message: 'Expired' }),
    PaymentFailed: t({ id: 'tickets:payment.status.paymentFailed', message: 'Payment failed' }),
    SecurityCheckPending: t({ id: 'tickets:payment.status.securityCheckPending', message: 'Security check pending' }),
    Ok: t({ id: 'tickets:payment.status.ok', message: 'Valid' }),
  }[instrumentStatus];
  return (
    <span data-testid="payment-badge">
      {kind} <Badge variant={instrumentBadge(instrumentStatus)}>{status}</Badge>
    </span>
  );
}
