import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { waitFor } from 'xstate';

import type { OrderWizardOutput, StepId } from '#machines/order-wizard/order-wizard.machine';
import { OrderWizardPage } from '#src/flows/order-wizard/order-wizard-page';
import { PageHeading } from './page-heading';

/**
 * Both order entries render the same wizard: `/order` for visitors (it registers them), `/app/order`
 * for signed-in customers (decision 11).
 */
export function OrderWizardRoute({ registration, step, path }: { registration: boolean; step: StepId | undefined; path: '/order' | '/app/order' }) {
  const { api, queries, config, session } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const signedIn = useSelector(session, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('refreshing'));

  const onStepChange = useCallback(
    (next: StepId, replace: boolean) => void navigate({ to: path, search: { step: next }, replace }),
    [navigate, path],
  );
  const onDone = useCallback(
    (output: OrderWizardOutput) => {
      // SPEC.md 4.1: nothing to pay goes straight to the confirmation, else to the payment.
      if (output.skipPayment) void navigate({ to: '/app/order/confirmation', search: { orderNumber: output.orderNumber }, replace: true });
      else void navigate({ to: '/app/payment/$orderNumber', params: { orderNumber: output.orderNumber }, replace: true });
    },
    [navigate],
  );
  const signInWithCode = useCallback(
    async (code: string) => {
      session.send({ type: 'session.autoSignIn', code });
      const outcome = await waitFor(session, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('failed'));
      if (outcome.matches('failed')) throw { status: 401, code: 'autoSignInFailed' };
    },
    [session],
  );

  return (
    <OrderWizardPage
      api={api}
      queries={queries}
      config={config}
      product={config.product}
      registration={registration}
      signedIn={signedIn}
      signInWithCode={signInWithCode}
      heading={(children) => <PageHeading>{children}</PageHeading>}
      urlStep={step}
      onStepChange={onStepChange}
      onDone={onDone}
      onSignInInstead={() => session.send({ type: 'session.signIn', returnTo: `/app/order?step=${step ?? 'summary'}` })}
      storage={window.sessionStorage}
    />
  );
}
