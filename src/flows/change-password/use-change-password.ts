import { selectChangePasswordView } from '#machines/change-password/change-password.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideChangePassword } from './change-password.actors';

/** The change-password flow: its view, and `send` for the screen's events. */
export function useChangePassword() {
  return useFlow(provideChangePassword, { select: selectChangePasswordView });
}
