import type { AnyStateMachine, DoneActorEvent, ErrorActorEvent, EventFromLogic, OutputFrom, StateMachine } from 'xstate';

/**
 * The actor results a machine model offers (docs/guides/model-based-tests.md), typed against the
 * machine: `xstate.done.actor.<id>` with the actor's output and `xstate.error.actor.<id>` with
 * what it rejects with. Models, unit tests and the generated browser tests share them.
 *
 *   export const { done, failed } = actorResults(withdrawTerminationMachine);
 *   done('loadSubscription', withdrawable);   // the output must be a SubscriptionToWithdraw
 *   done('withdrawTermination');               // a void actor's output may be left out
 *   failed('withdrawTermination', conflict);   // any error: actors declare no error type
 *
 * An event names the invoke's `id`; xstate's types know the actors (`src`) but not the invoke ids.
 * Where every invoke's id is its src, the ids are the actors of `setup({ actors })`. Where one is
 * not (one actor invoked twice), the model lists all invokes as `{ id: src }`:
 *
 *   actorResults(changeEmailMachine, { checkCanChangeEmail: 'checkCanChangeEmail', sendCode: 'sendCode', changeEmail: 'changeEmail', resendCode: 'sendCode' });
 *
 * Either way the ids are checked against the machine's definition when the helpers are made (and
 * each call's id when it is used), so a type cannot promise an event the machine never receives.
 */

/** The actors of a machine's `setup({ actors })`, each as `{ src, logic }`. */
type ProvidedActorsOf<M> =
  M extends StateMachine<
    infer _C,
    infer _E,
    infer _Ch,
    infer TActor,
    infer _A,
    infer _G,
    infer _D,
    infer _V,
    infer _T,
    infer _I,
    infer _O,
    infer _Em,
    infer _M,
    infer _S,
    infer _TM
  >
    ? TActor
    : never;

/** The names of a machine's actors (the keys of `setup({ actors })`). */
export type ActorSrcOf<M extends AnyStateMachine> = ProvidedActorsOf<M>['src'];

/** What the machine's actor `src` resolves with. */
export type ActorOutputOf<M extends AnyStateMachine, Src extends ActorSrcOf<M>> = OutputFrom<Extract<ProvidedActorsOf<M>, { src: Src }>['logic']>;

/** A machine's invokes as `{ id: src }`. */
export type InvokesOf<M extends AnyStateMachine> = Record<string, ActorSrcOf<M>>;

/** Every invoke id is its src: `{ src: src }` for each actor. */
type SameNames<M extends AnyStateMachine> = { [Src in ActorSrcOf<M>]: Src };

/** The output argument: optional where the actor resolves with nothing. */
type OutputArgument<Output> = undefined extends Output ? [output?: Output] : [output: Output];

export interface ActorResults<M extends AnyStateMachine, Invokes extends InvokesOf<M>> {
  /** The invoked actor `id` resolved with `output`. */
  done: <Id extends keyof Invokes & string>(id: Id, ...output: OutputArgument<ActorOutputOf<M, Invokes[Id]>>) => EventFromLogic<M>;
  /** The invoked actor `id` rejected with `error` (an ApiFailure, a TypeError for the network, ...). */
  failed: <Id extends keyof Invokes & string>(id: Id, error: unknown) => EventFromLogic<M>;
}

/** The machine's invokes as `{ id: src }`, read from its definition. */
function invokesIn(machine: AnyStateMachine): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const invoke of node.invoke) found.set(invoke.id, String(invoke.src));
    for (const child of Object.values(node.states)) visit(child as AnyStateMachine['root']);
  };
  visit(machine.root);
  return found;
}

export function actorResults<M extends AnyStateMachine>(machine: M): ActorResults<M, SameNames<M>>;
export function actorResults<M extends AnyStateMachine, const Invokes extends InvokesOf<M>>(machine: M, invokes: Invokes): ActorResults<M, Invokes>;
export function actorResults<M extends AnyStateMachine>(machine: M, invokes?: InvokesOf<M>): ActorResults<M, InvokesOf<M>> {
  const actual = invokesIn(machine);
  const declared = new Map<string, string>(invokes ? Object.entries(invokes) : [...actual.values()].map((src) => [src, src]));
  const wrong = [...new Set([...actual.keys(), ...declared.keys()])].filter((id) => actual.get(id) !== declared.get(id));
  if (wrong.length > 0) {
    const show = (map: Map<string, string>, id: string) => (map.has(id) ? `${id}: ${map.get(id)}` : `no ${id}`);
    const differences = wrong.map((id) => `the machine has ${show(actual, id)}, the model ${show(declared, id)}`).join('; ');
    const fix = invokes ? 'list every invoke as { id: src }' : 'an invoke id differs from its src: list every invoke as { id: src }';
    throw new Error(`actorResults(${machine.id}): ${fix} (${differences})`);
  }
  // xstate types a machine's events as those it declares; actor results are xstate's own events,
  // which the machine takes at run time but its event type does not list, and xstate/graph's
  // TestModel takes only that type. Hence the one cast, after the event is built as xstate's type.
  const asMachineEvent = (event: DoneActorEvent | ErrorActorEvent) => event as unknown as EventFromLogic<M>;
  // An actor of setup({ actors }) that no state invokes passes the type but never answers.
  const invoked = (id: string) => {
    if (!actual.has(id)) throw new Error(`actorResults(${machine.id}): no state invokes '${id}'`);
    return id;
  };
  return {
    done: (id, ...[output]) => asMachineEvent({ type: `xstate.done.actor.${invoked(id)}`, output, actorId: id } satisfies DoneActorEvent),
    failed: (id, error) => asMachineEvent({ type: `xstate.error.actor.${invoked(id)}`, error, actorId: id } satisfies ErrorActorEvent),
  };
}
