import { appUpdateBrowser } from './app-update';
import { cancelContractBrowser } from './cancel-contract';
import { cancelOrderBrowser } from './cancel-order';
import { changeEmailBrowser } from './change-email';
import { changePasswordBrowser } from './change-password';
import { deleteAccountBrowser } from './delete-account';
import { editContactBrowser } from './edit-contact';
import { offlineTicketBrowser } from './offline-ticket';
import { passwordResetBrowser } from './password-reset';
import { paymentBrowser } from './payment';
import { pauseSubscriptionBrowser } from './pause-subscription';
import type { AnyBrowserModel } from './run';
import { sepaInformationBrowser } from './sepa-information';
import { sessionBrowser } from './session';
import { terminateSubscriptionBrowser } from './terminate-subscription';
import { verifyEmailBrowser } from './verify-email';
import { withdrawTerminationBrowser } from './withdraw-termination';
import { changeStaffNumberBrowser } from './change-staff-number';
import { dataExportBrowser } from './data-export';
import { withdrawContractBrowser } from './withdraw-contract';

/**
 * The flows whose browser tests are generated from their machines (e2e/machine-paths.spec.ts).
 * The order wizard has its own generator (e2e/order-wizard-model/), for its variants, reloads and
 * history; every other customer flow belongs here.
 */
export const browserModels: readonly AnyBrowserModel[] = [
  withdrawTerminationBrowser,
  changeStaffNumberBrowser,
  dataExportBrowser,
  withdrawContractBrowser,
  cancelOrderBrowser,
  terminateSubscriptionBrowser,
  pauseSubscriptionBrowser,
  editContactBrowser,
  changePasswordBrowser,
  changeEmailBrowser,
  deleteAccountBrowser,
  sepaInformationBrowser,
  passwordResetBrowser,
  verifyEmailBrowser,
  cancelContractBrowser,
  paymentBrowser,
  sessionBrowser,
  appUpdateBrowser,
  offlineTicketBrowser,
];
