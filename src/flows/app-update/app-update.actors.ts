import { Workbox } from 'workbox-window';
import { type Actor, createActor, fromPromise } from 'xstate';

import { appUpdateMachine } from '#machines/app-update/app-update.machine';

export type AppUpdateActor = Actor<typeof appUpdateMachine>;

/** How long the new version may take to control the page after it was asked to, before the prompt says it failed. */
const takeOverLimitMs = 10_000;

/**
 * Registers the service worker (src/worker/sw.ts, built to /sw.js) and starts the update machine
 * on its news: a version waiting (also one that was waiting before this page loaded), and another
 * tab's new version taking control of this page. Called once per page by ./update-handle.ts.
 */
export function startAppUpdate(scriptUrl = '/sw.js'): AppUpdateActor {
  const workbox = new Workbox(scriptUrl, { scope: '/' });
  const actor = createActor(
    appUpdateMachine.provide({
      actors: {
        activateWaiting: fromPromise(
          () =>
            new Promise<void>((resolve, reject) => {
              const tookOver = () => {
                window.clearTimeout(limit);
                workbox.removeEventListener('controlling', tookOver);
                resolve();
              };
              const limit = window.setTimeout(() => {
                workbox.removeEventListener('controlling', tookOver);
                reject(new Error('The new version did not take over'));
              }, takeOverLimitMs);
              workbox.addEventListener('controlling', tookOver);
              workbox.messageSkipWaiting();
            }),
        ),
      },
      actions: { reloadPage: () => window.location.reload() },
    }),
  ).start();
  workbox.addEventListener('waiting', () => actor.send({ type: 'update.waiting' }));
  // A new version controlling this page that this page did not ask for: another tab took it. (The
  // first version taking the page is no update; while this tab activates, its own take-over is the
  // actor's, and the machine ignores the event then.)
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) actor.send({ type: 'update.takenOverElsewhere' });
  });
  void workbox.register().catch(() => undefined);
  return actor;
}
