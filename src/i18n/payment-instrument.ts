import { useLingui } from '@lingui/react/macro';

import type { components } from '#openapi/schema.gen';

type Schemas = components['schemas'];

export interface PaymentInstrumentWords {
  /** The instrument's kind in words: direct debit, credit card, via the employer or university. */
  kind: (type: Schemas['PaymentInstrumentType']) => string;
  /** The instrument's status in words, the badge's text (SPEC.md 4.6). */
  status: (status: Schemas['InstrumentStatus']) => string;
  /** The badge's text when the instrument could not be read (SPEC.md 4.6: an error badge). */
  failed: string;
  /** Said instead of a badge when the order has no instrument (404). */
  none: string;
}

/**
 * The words of a payment instrument, shared by "My tickets" (payment-badge.tsx) and the payment
 * details page, so both say the same (one set of catalog ids).
 */
export function usePaymentInstrumentWords(): PaymentInstrumentWords {
  const { t } = useLingui();
  return {
    kind: (type) =>
      type === 'BANKACCOUNT'
        ? t({ id: 'tickets:payment.bankAccount', message: 'Direct debit' })
        : type === 'CREDITCARD'
          ? t({ id: 'tickets:payment.creditCard', message: 'Credit card' })
          : t({ id: 'tickets:payment.tdx', message: 'Via your employer or university' }),
    status: (status) =>
      status === 'Expired'
        ? t({ id: 'tickets:payment.status.expired', message: 'Expired' })
        : status === 'PaymentFailed'
          ? t({ id: 'tickets:payment.status.paymentFailed', message: 'Payment failed' })
          : status === 'SecurityCheckPending'
            ? t({ id: 'tickets:payment.status.securityCheckPending', message: 'Security check pending' })
            : t({ id: 'tickets:payment.status.ok', message: 'Valid' }),
    failed: t({ id: 'tickets:payment.failed', message: 'Cannot be checked right now' }),
    none: t({ id: 'tickets:payment.none', message: 'None stored' }),
  };
}
