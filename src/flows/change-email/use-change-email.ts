import { selectChangeEmailView } from '#machines/change-email/change-email.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideChangeEmail } from './change-email.actors';

/** The email change of the signed-in customer: its view, and `send` for the screen's events. */
export function useChangeEmail() {
  return useFlow(provideChangeEmail, { select: selectChangeEmailView });
}
