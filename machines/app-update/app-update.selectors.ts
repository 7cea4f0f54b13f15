import type { SnapshotFrom } from 'xstate';

import type { appUpdateMachine } from './app-update.machine';

/** What the update prompt shows (src/flows/app-update/update-prompt.tsx). */
export type AppUpdateView =
  | { prompt: 'none' }
  | { prompt: 'offered'; busy: boolean; failed: boolean }
  /** Another tab is already on the new version: only a reload is offered. */
  | { prompt: 'takenOverElsewhere' };

export function selectAppUpdateView(snapshot: SnapshotFrom<typeof appUpdateMachine>): AppUpdateView {
  if (snapshot.matches('offered') || snapshot.matches('activating') || snapshot.matches('reloading')) {
    return { prompt: 'offered', busy: !snapshot.matches('offered'), failed: snapshot.context.error === 'activationFailed' };
  }
  if (snapshot.matches('takenOverElsewhere')) return { prompt: 'takenOverElsewhere' };
  return { prompt: 'none' };
}
