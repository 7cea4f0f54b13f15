import type { ResetLink } from '#machines/password-reset/password-reset.machine';
import { selectPasswordResetView } from '#machines/password-reset/password-reset.selectors';
import { useFlow } from '#src/flows/use-flow';
import { providePasswordReset } from './password-reset.actors';

/** The password-reset flow: its view, and `send` for the screen's events. `link` is read once, at the start. */
export function usePasswordReset(link: ResetLink | undefined) {
  return useFlow(providePasswordReset, { input: { link }, select: selectPasswordResetView });
}
