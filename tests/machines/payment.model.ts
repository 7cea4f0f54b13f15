import { type EventFromLogic, type SnapshotFrom } from 'xstate';

import { type PaymentInput, paymentMachine, type PaymentOrder } from '#machines/payment/payment.machine';
import { isAllowedFrameUrl } from '#src/config/runtime-config';
import { actorResults } from '#tools/machines/actor-results';
import { type MachineModel, withInput } from '#tools/machines/model-coverage';

/**
 * The payment machine's model (docs/guides/model-based-tests.md): four variants (order, edit, and
 * each coming back from the provider page), the customer's events and the actors' results. Every
 * call also answers 503, the one failure that stays in place after an order (the API client goes
 * to /maintenance); the others go to the failure page after an order and stay in an edit. Used by
 * payment.machine.test.ts, the coverage table (coverage.test.ts) and `npm run paths -- payment`.
 */

type Machine = typeof paymentMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFromLogic<Machine>;

export const portalOrigin = 'http://localhost:4173';
const allowList = ['self', 'https://pay.example.com'] as const;
/** The injected check, here the app's real one over a test allow-list. */
export const allowed = (url: string) => isAllowedFrameUrl(url, [...allowList], portalOrigin);

export const order: PaymentOrder = { orderId: 'order-deuti-submitted', orderNumber: 'A-100005' };
export const providerResult = { transactionId: 'tx-1', paymentMethod: 'BANKACCOUNT', paymentInstrumentId: 'pi-1' };
export const goodUrl = `${portalOrigin}/sandbox/pay/abc`;
export const foreignUrl = 'https://evil.example.net/pay/abc';

const { done, failed } = actorResults(paymentMachine);
export const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

/** The machine with the allow-list check the app injects. */
export const provided = paymentMachine.provide({ guards: { isAllowedFrameUrl: (_, params) => allowed(params.url) } });

/** The machine as the app provides it, started with a variant's input. */
export function twin(input: PaymentInput): Machine {
  return withInput(provided, input);
}

/** What can happen in each state: the customer's events and the actors' results. */
export function eventsFor(snapshot: Snapshot): Event[] {
  const { context } = snapshot;
  if (snapshot.matches('loading')) {
    return [
      ...(context.order === undefined
        ? [done('loadOrder', order), failed('loadOrder', httpError(404)), failed('loadOrder', httpError(500)), failed('loadOrder', httpError(503))]
        : []),
      ...(context.userMail === undefined
        ? [done('loadUser', { userMail: 'deuti@example.com' }), failed('loadUser', new Error('offline')), failed('loadUser', httpError(503))]
        : []),
    ];
  }
  if (snapshot.matches('saving')) {
    return [
      done('savePayment', { redirectUrl: goodUrl }),
      done('savePayment', { redirectUrl: foreignUrl }),
      done('savePayment', { redirectUrl: 'javascript:alert(1)' }),
      failed('savePayment', httpError(500)),
      failed('savePayment', httpError(503)),
      failed('savePayment', httpError(400)),
      failed('savePayment', Object.assign(httpError(400), { problem: { code: 'instrumentNotEditable' } })),
      failed('savePayment', Object.assign(httpError(409), { problem: { code: 'instrumentLocked' } })),
    ];
  }
  if (snapshot.matches('showingProvider')) return [{ type: 'payment.returned', result: providerResult }];
  if (snapshot.matches('confirming')) {
    return [
      done('confirmPayment', { paymentInstrumentType: 'BANKACCOUNT', instrumentStatus: 'Ok' }),
      failed('confirmPayment', httpError(404)),
      failed('confirmPayment', httpError(500)),
      failed('confirmPayment', httpError(403)),
      failed('confirmPayment', httpError(503)),
    ];
  }
  if (snapshot.matches('failed')) return [{ type: 'payment.retry' }];
  return [];
}

export const variants = {
  order: { variant: 'order', orderNumber: 'A-100005' },
  orderReturn: { variant: 'order', orderNumber: 'A-100005', orderId: 'order-deuti-submitted', providerResult },
  edit: { variant: 'edit', orderNumber: 'A-100001', orderId: 'order-deuti-active' },
  editReturn: { variant: 'edit', orderNumber: 'A-100001', orderId: 'order-deuti-active', providerResult },
} satisfies Record<string, PaymentInput>;

export const serialize = (snapshot: Snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.order !== undefined,
    snapshot.context.userMail !== undefined,
    snapshot.context.providerResult !== undefined,
    snapshot.context.hasShopError,
    snapshot.context.error?.code ?? null,
  ]);

export const paymentModel: MachineModel<Machine> = {
  file: 'machines/payment/payment.machine.ts',
  machine: paymentMachine,
  variants: Object.entries(variants).map(([name, input]) => ({ name, machine: twin(input), events: eventsFor, serialize })),
};
