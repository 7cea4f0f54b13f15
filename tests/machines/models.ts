import type { MachineModel } from '#tools/machines/model-coverage';
import { orderWizardModel } from './order-wizard.model';
import { paymentModel } from './payment.model';
import { sessionModel } from './session.model';
import { withdrawTerminationModel } from './withdraw-termination.model';
import { changeStaffNumberModel } from './change-staff-number.model';
import { dataExportModel } from './data-export.model';
import { withdrawContractModel } from './withdraw-contract.model';
import { terminateSubscriptionModel } from './terminate-subscription.model';
import { pauseSubscriptionModel } from './pause-subscription.model';
import { cancelOrderModel } from './cancel-order.model';
import { editContactModel } from './edit-contact.model';
import { cancelContractModel } from './cancel-contract.model';
import { changeEmailModel } from './change-email.model';
import { passwordResetModel } from './password-reset.model';
import { verifyEmailModel } from './verify-email.model';
import { changePasswordModel } from './change-password.model';
import { deleteAccountModel } from './delete-account.model';
import { sepaInformationModel } from './sepa-information.model';
import { offlineTicketModel } from './offline-ticket.model';
import { appUpdateModel } from './app-update.model';

/**
 * Every machine's model. coverage.test.ts fails when a machine file in machines/ has none here;
 * `npm run paths -- <name>` finds a model by its machine's folder name under machines/ (e.g. order-wizard).
 */
export const models: readonly MachineModel[] = [
  sessionModel,
  orderWizardModel,
  paymentModel,
  withdrawTerminationModel,
  changeStaffNumberModel,
  dataExportModel,
  withdrawContractModel,
  terminateSubscriptionModel,
  pauseSubscriptionModel,
  cancelOrderModel,
  editContactModel,
  cancelContractModel,
  changeEmailModel,
  passwordResetModel,
  verifyEmailModel,
  changePasswordModel,
  deleteAccountModel,
  sepaInformationModel,
  offlineTicketModel,
  appUpdateModel,
] as unknown as readonly MachineModel[];

/** The folder name of a model's machine file: `machines/order-wizard/…` → `order-wizard`. */
export function nameOf(model: MachineModel): string {
  return model.file.split('/')[1] ?? model.file;
}
