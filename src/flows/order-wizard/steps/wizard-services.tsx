import { createContext, type ReactNode, useContext, useMemo } from 'react';

import type { ApiClient } from '#src/api/client';
import type { Queries } from '#src/api/queries';

/**
 * The services the order wizard's steps read data with: `WizardServicesProvider` /
 * `useWizardServices()` give `{ api, queries, today }`; the wizard page provides the real ones from
 * the router context, tests provide fakes (a fake `fetch` in `createApiClient`). A module of its
 * own, without the form kit: the page provides them before any step's code has loaded (each step
 * is a chunk of its own, ../step-screens.ts).
 */

export interface WizardServices {
  api: ApiClient;
  queries: Queries;
  /** The current day; injectable so date rules (start-month warning, birthdate bounds) are testable. */
  today: () => Date;
}

const WizardServicesContext = createContext<WizardServices | null>(null);

export interface WizardServicesProviderProps {
  api: ApiClient;
  queries: Queries;
  today?: (() => Date) | undefined;
  children: ReactNode;
}

/** Gives the steps below their data access. A React Query `QueryClientProvider` must be above it. */
export function WizardServicesProvider({ api, queries, today, children }: WizardServicesProviderProps) {
  const value = useMemo<WizardServices>(() => ({ api, queries, today: today ?? (() => new Date()) }), [api, queries, today]);
  return <WizardServicesContext.Provider value={value}>{children}</WizardServicesContext.Provider>;
}

export function useWizardServices(): WizardServices {
  const services = useContext(WizardServicesContext);
  if (!services) throw new Error('useWizardServices: no WizardServicesProvider above this step');
  return services;
}
