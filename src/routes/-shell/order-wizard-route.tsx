import type { StepId } from '#machines/order-wizard/order-wizard.types';
import { OrderWizardPage } from '#src/flows/order-wizard/order-wizard-page';

/**
 * Both order entries render the same wizard: `/order` for visitors (it registers them), `/app/order`
 * for signed-in customers (decision 11). The route gives it the variant, its path and the URL's step.
 */
export function OrderWizardRoute({ registration, step, path }: { registration: boolean; step: StepId | undefined; path: '/order' | '/app/order' }) {
  return <OrderWizardPage registration={registration} urlStep={step} path={path} />;
}
