import { createFileRoute } from '@tanstack/react-router';

import { SepaInformationScreen } from '#src/flows/sepa-information/sepa-information-screen';

/**
 * The direct-debit (SEPA) information (SPEC.md 5.2, 7.4; issue 12 item 2); linked from My data. No
 * loader: the stored information is read by the flow and never cached (its GET carries the IBAN in
 * full, and the portal keeps no copy of it). The screen puts the page heading of each state.
 */
export const Route = createFileRoute('/app/_signedIn/dashboard/account/payment-information')({
  component: SepaInformationScreen,
});
