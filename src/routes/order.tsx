import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';

import { ComingPage } from './-shell/coming-page';

/**
 * The public order page: a visitor orders here and registers in the wizard (the registration
 * variant); a signed-in customer orders at /app/order. The order wizard issue builds it.
 */
export const Route = createFileRoute('/order')({ component: PublicOrderPage });

function PublicOrderPage() {
  return <ComingPage title={<Trans id="order:public.title">Order your ticket</Trans>} />;
}
