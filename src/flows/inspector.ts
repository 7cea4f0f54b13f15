import type { InspectionEvent, Observer } from 'xstate';

/**
 * Live inspection of the portal's machines in the Stately inspector (decision 15), in development
 * only. `?inspect` in the URL turns it on for the tab, `?inspect=0` off; the choice is kept in
 * sessionStorage so it survives in-app navigation and the sign-in round trip. Without a choice in
 * the tab, `VITE_XSTATE_INSPECT=1` in the environment turns it on.
 *
 * In a production build `import.meta.env.DEV` is false: the branch with the dynamic import is
 * dropped, and with it `@statelyai/inspect` (tests/build/bundle.test.ts checks the bundle).
 */

/** sessionStorage: the tab's choice, '1' or '0'. */
export const inspectStorageKey = 'portal.inspect';

export interface InspectionSwitch {
  /** `location.search` of the page that starts the portal. */
  search: string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** `VITE_XSTATE_INSPECT` */
  envFlag: unknown;
}

const offValues = ['0', 'false', 'off', 'no'];

/** Whether this tab inspects: the URL's `inspect` (remembered), else the tab's choice, else the environment. */
export function wantsInspection({ search, storage, envFlag }: InspectionSwitch): boolean {
  const param = new URLSearchParams(search).get('inspect');
  if (param !== null) {
    const on = !offValues.includes(param.trim().toLowerCase());
    storage.setItem(inspectStorageKey, on ? '1' : '0');
    return on;
  }
  const remembered = storage.getItem(inspectStorageKey);
  if (remembered === '1' || remembered === '0') return remembered === '1';
  return typeof envFlag === 'string' && ['1', 'true', 'on', 'yes'].includes(envFlag.trim().toLowerCase());
}

const secretKey = /password|token|secret|verifier|autoSignInCode|iban/i;

/** A copy without the values of secret-looking keys: no password and no IBAN leaves for the inspector window. */
export function maskSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(maskSecrets) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, secretKey.test(key) && entry !== undefined && entry !== '' ? '•••' : maskSecrets(entry)]),
  ) as T;
}

let observer: Observer<InspectionEvent> | undefined;

/**
 * Opens the inspector when this tab wants it. Awaited before the first actor is created (main.tsx),
 * so every actor, the session's too (loaded with the first page that needs it), is inspected from
 * its first state.
 */
export async function startInspection(): Promise<void> {
  if (import.meta.env.DEV) {
    if (!wantsInspection({ search: window.location.search, storage: window.sessionStorage, envFlag: import.meta.env.VITE_XSTATE_INSPECT })) return;
    try {
      const { createBrowserInspector } = await import('@statelyai/inspect');
      const inspector = createBrowserInspector({ sanitizeContext: maskSecrets, sanitizeEvent: maskSecrets });
      observer = inspector.inspect;
      if (!inspector.adapter.targetWindow) {
        console.warn('[inspect] The browser blocked the inspector window: allow pop-ups for this site and reload. ?inspect=0 turns inspection off.');
      } else {
        console.info('[inspect] The machines report to the Stately inspector window. ?inspect=0 turns it off for this tab.');
      }
    } catch (error) {
      console.warn('[inspect] The inspector could not be started; the portal runs without it.', error);
    }
  }
}

/** The `inspect` option for createActor and useActorRef: empty unless inspection is on. */
export function inspection(): { inspect?: Observer<InspectionEvent> } {
  return import.meta.env.DEV && observer ? { inspect: observer } : {};
}
