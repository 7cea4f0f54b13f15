import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

import type { PaymentInput } from '#machines/payment/payment.machine';
import { selectPaymentView } from '#machines/payment/payment.selectors';
import { resolveProduct } from '#src/domain/product';
import { useFlow } from '#src/flows/use-flow';
import { localeOf } from '#src/i18n/locales';
import { providePayment } from './payment.actors';

/** SPEC.md 3: productText is the product name as shown to the customer. */
const productTexts = {
  deuti: msg({ id: 'payment:productText.deuti', message: 'Germany ticket' }),
  joti: msg({ id: 'payment:productText.joti', message: 'Job ticket' }),
  seti: msg({ id: 'payment:productText.seti', message: 'Semester ticket' }),
};

/**
 * The payment flow of one order (SPEC.md 4.6): its view, and `send` for the screen's events. One
 * machine per mount; the route keys the screen by its order number.
 *
 * The provider's return is a page load of the same route. When it arrives while this flow is
 * mounted (the route's query changed), it becomes the machine's `payment.returned`, which the
 * machine takes only while it shows the provider's page; on a fresh load the result is the input.
 */
export function usePayment(input: PaymentInput) {
  const { i18n } = useLingui();
  const flow = useFlow(
    (services) =>
      providePayment(services, {
        portalOrigin: window.location.origin,
        // Read when the payment is posted, in the language shown then (i18n is the one active instance).
        productText: (productId) => i18n._(productTexts[resolveProduct(productId).name]),
        // The provider's page opens in the language the portal shows when the payment is posted.
        locale: () => localeOf(i18n),
      }),
    { input, select: selectPaymentView },
  );

  const { send } = flow;
  const { transactionId, paymentMethod, paymentInstrumentId } = input.providerResult ?? {};
  useEffect(() => {
    if (transactionId === undefined || paymentMethod === undefined) return;
    send({ type: 'payment.returned', result: { transactionId, paymentMethod, paymentInstrumentId: paymentInstrumentId ?? '' } });
  }, [send, transactionId, paymentMethod, paymentInstrumentId]);

  return flow;
}
