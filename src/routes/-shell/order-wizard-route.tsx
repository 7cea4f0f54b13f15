import { Trans } from '@lingui/react/macro';

import type { StepId } from '#machines/order-wizard/order-wizard.types';
import { OrderWizardPage } from '#src/flows/order-wizard/order-wizard-page';
import { PageHeading } from '#src/ui/page-heading';

/**
 * Both order entries render the same wizard: `/order` for visitors (it registers them), `/app/order`
 * for signed-in customers (decision 11). The route gives it the variant, its path, the URL's step and affiliate,
 * and puts the page heading above it (one text for every step: the steps' own headings are h2).
 */
export function OrderWizardRoute({
  registration,
  step,
  affiliate,
  path,
}: {
  registration: boolean;
  step: StepId | undefined;
  affiliate: string | undefined;
  path: '/order' | '/app/order';
}) {
  return (
    <>
      <PageHeading>
        <Trans id="order:title">Order your ticket</Trans>
      </PageHeading>
      <OrderWizardPage registration={registration} urlStep={step} affiliate={affiliate} path={path} />
    </>
  );
}
