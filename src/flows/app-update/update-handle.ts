import { afterNextPaint } from '#src/ui/after-next-paint';
import type { AppUpdateActor } from './app-update.actors';

/**
 * The update machine as the page frame sees it (src/routes/-shell/portal-layout.tsx): its code,
 * the service worker's registration with Workbox and XState, loads once the first page is on screen
 * and the browser is idle (main.tsx), and only in a production build in a browser that has service
 * workers (the development server has no worker: its modules change on every save).
 */
let actor: AppUpdateActor | undefined;
const listeners = new Set<() => void>();

export const appUpdate = {
  /**
   * Starts the registration once the document has loaded and the next frame is painted (main.tsx
   * calls it when the router has rendered the first page): before, its downloads came ahead of the
   * dashboard's first paint, which Lighthouse counted into its LCP.
   */
  start(): void {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator) || actor) return;
    const begin = () =>
      void import('./app-update.actors').then(({ startAppUpdate }) => {
        actor ??= startAppUpdate();
        listeners.forEach((listener) => listener());
      });
    const whenPainted = () => void afterNextPaint(begin, 'idle');
    if (document.readyState === 'complete') whenPainted();
    else window.addEventListener('load', whenPainted, { once: true });
  },
  current: (): AppUpdateActor | undefined => actor,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
