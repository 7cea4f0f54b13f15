import { selectChangeStaffNumberView } from '#machines/change-staff-number/change-staff-number.selectors';
import { useFlow } from '#src/flows/use-flow';
import { provideChangeStaffNumber } from './change-staff-number.actors';

/** The change-staff-number flow: its view, and `send` for the screen's events. */
export function useChangeStaffNumber() {
  return useFlow(provideChangeStaffNumber, { select: selectChangeStaffNumberView });
}
