import { orderWizardMachine, type OrderWizardSnapshot } from './order-wizard.machine';
import type { AccountData, OrderWizardContext } from './order-wizard.types';

/**
 * The order wizard's persisted snapshot (the draft in sessionStorage, docs/architecture.md#data-and-state; decision 14):
 * what survives a reload and the round trip through the sign-in. Pure: the app's
 * src/flows/order-wizard/wizard-draft.ts stores it.
 */

/** The persisted snapshot: what `getPersistedSnapshot` gives. */
export type PersistedOrderWizard = ReturnType<typeof orderWizardMachine.getPersistedSnapshot>;

interface PersistedShape {
  value: unknown;
  context: OrderWizardContext;
  children: Record<string, unknown>;
}

/**
 * XState types a persisted snapshot without its context (`Snapshot<unknown>`); these two are the one
 * place that reads it as what `getPersistedSnapshot` of this machine writes, and gives it back.
 */
function shapeOf(persisted: PersistedOrderWizard): PersistedShape {
  return persisted as unknown as PersistedShape;
}

function persistedOf(shape: PersistedShape): PersistedOrderWizard {
  return shape as unknown as PersistedOrderWizard;
}

/**
 * The step state a running state is persisted as: its actor (or its dialog) would start again
 * without what it needs. Register and the auto sign-in need the password or the code, which are
 * never persisted; a quote or the start-month question belong to values typed in a form, which a
 * reload does not keep either: the step is shown again with what was stored.
 */
const persistedAs: Readonly<Record<string, string>> = {
  quotingCompany: 'company',
  quotingStart: 'startAndTraveler',
  startMonthWarning: 'startAndTraveler',
  registering: 'summary',
  signingIn: 'summary',
};

/**
 * The snapshot to persist: without password, repeatPassword and auto sign-in code (docs/architecture.md#data-and-state:
 * never persist a password or a token), without what a form showed but did not store (values
 * waiting for a quote, the chosen start month, the open question), and a running state as its step
 * (see `persistedAs`). The keys stay, so a repeated registration replays the first answer.
 */
export function toPersistable(snapshot: OrderWizardSnapshot): PersistedOrderWizard {
  const persisted = shapeOf(orderWizardMachine.getPersistedSnapshot(snapshot));
  const { data } = persisted.context;
  const account = data.account ? withoutPassword(data.account) : undefined;
  const step = typeof persisted.value === 'string' ? persistedAs[persisted.value] : undefined;
  const context: OrderWizardContext = {
    ...persisted.context,
    data: { ...data, ...(account ? { account } : {}) },
    autoSignInCode: undefined,
    pendingCompany: undefined,
    pendingStart: undefined,
    chosenStartDate: undefined,
    startMonthQuestion: undefined,
  };
  return persistedOf({ ...persisted, ...(step ? { value: step, children: {} } : {}), context });
}

/** A restored draft with the affiliate of the link the visitor came by now (the latest link counts; decision 30). */
export function withAffiliate(persisted: PersistedOrderWizard, affiliate: string): PersistedOrderWizard {
  const shape = shapeOf(persisted);
  return persistedOf({ ...shape, context: { ...shape.context, affiliate } });
}

function withoutPassword(account: AccountData): AccountData {
  const { password: _password, repeatPassword: _repeatPassword, ...rest } = account;
  return rest;
}
