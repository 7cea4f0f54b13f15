import type { AppUpdateActor } from './app-update.actors';

/**
 * The update machine as the page frame sees it (src/routes/-shell/portal-layout.tsx): its code,
 * the service worker's registration with Workbox and XState, loads after the page has loaded, never
 * before the first paint, and only in a production build in a browser that has service workers
 * (the development server has no worker: its modules change on every save).
 */
let actor: AppUpdateActor | undefined;
const listeners = new Set<() => void>();

export const appUpdate = {
  /** Starts the registration once the page has loaded (main.tsx). */
  start(): void {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator) || actor) return;
    const begin = () =>
      void import('./app-update.actors').then(({ startAppUpdate }) => {
        actor ??= startAppUpdate();
        listeners.forEach((listener) => listener());
      });
    if (document.readyState === 'complete') begin();
    else window.addEventListener('load', begin, { once: true });
  },
  current: (): AppUpdateActor | undefined => actor,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
