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
  // A new version controlling this page that this page did not ask for: another tab took it. (The
  // first version taking the page is no update; while this tab activates, its own take-over is the
  // actor's, and the machine ignores the event then.)
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) actor.send({ type: 'update.takenOverElsewhere' });
  });
  void workbox
    .register()
    .then((registration) => registration && watchForWaitingVersions(registration, () => actor.send({ type: 'update.waiting' })))
    .catch(() => undefined);
  return actor;
}

/**
 * Tells of every new version that installs and waits, for as long as the page is open, and of one
 * that was waiting before the page loaded. On the registration itself, not workbox-window's
 * `waiting` event: Workbox stops listening after the first version it takes for another tab's, so
 * a page left open after "Later" heard of no third version.
 */
function watchForWaitingVersions(registration: ServiceWorkerRegistration, waiting: () => void): void {
  // A page the worker does not control yet gets its first version installed: that is no update.
  const isUpdate = () => navigator.serviceWorker.controller !== null;
  const watch = (installing: ServiceWorker | null) =>
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.waiting === installing && isUpdate()) waiting();
    });
  if (registration.waiting && isUpdate()) waiting();
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}
