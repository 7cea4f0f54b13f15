import type { VerifyEmailInput } from '#machines/verify-email/verify-email.machine';
import { selectVerifyEmailView } from '#machines/verify-email/verify-email.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideVerifyEmail } from './verify-email.actors';

/** The verify-email flow of one page (the mail's link or the failed page): its view, and `send` for the screen's events. */
export function useVerifyEmail(input: VerifyEmailInput) {
  return useFlow(provideVerifyEmail, { input, select: selectVerifyEmailView });
}
