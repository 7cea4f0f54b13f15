import type { AnyStateMachine, SnapshotFrom } from 'xstate';

import { inertScope, type ModelEvent } from './tours';

/**
 * A browser model's events in the order that makes few tours: the tours go to the nearest goal,
 * trying the events in their order, and a tour ends where the flow does. So the events that end
 * the flow (a final state) come last, and among the rest the model's order is turned round, its
 * failures before its ordinary answer: a tour shows the refusals and failures first and ends with
 * the answer that ends the flow, instead of one tour per failure. The set of events is the model's.
 */
export function endingLast<M extends AnyStateMachine>(logic: M, snapshot: SnapshotFrom<M>, events: readonly ModelEvent<M>[]): ModelEvent<M>[] {
  const scope = inertScope();
  const ends = (event: ModelEvent<M>) => (logic.transition(snapshot, event, scope) as { status: string }).status === 'done';
  return [...events].reverse().sort((a, b) => Number(ends(a)) - Number(ends(b)));
}
