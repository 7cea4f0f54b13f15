import { selectSepaInformationView } from '#machines/sepa-information/sepa-information.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideSepaInformation } from './sepa-information.actors';

/** The SEPA information flow: its view, and `send` for the screen's events. */
export function useSepaInformation() {
  return useFlow(provideSepaInformation, { select: selectSepaInformationView });
}
