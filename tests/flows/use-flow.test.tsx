import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { assign, setup, type SnapshotFrom } from 'xstate';

import { useFlow, type UseFlowOptions } from '#src/flows/use-flow';
import { renderInRouter } from '../support/render-in-router';

const counter = setup({ types: { context: {} as { count: number }, events: {} as { type: 'add' } } }).createMachine({
  context: { count: 0 },
  on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
});

/**
 * The one binding of a screen to its flow (src/flows/use-flow.ts). Its view is computed once per
 * snapshot of the machine: a screen renders several times per step change (the order wizard's
 * Next, issue 14), and a selector run again for each render is work the customer waits for.
 */
describe('useFlow', () => {
  it('selects the view once per snapshot, not again when the screen renders without a new one', async () => {
    const select = vi.fn((snapshot: SnapshotFrom<typeof counter>) => ({ count: snapshot.context.count }));
    function Screen() {
      const [renders, setRenders] = useState(0);
      const { view, send } = useFlow(() => counter, { select });
      return (
        <>
          <p>
            count {view.count}, renders {renders}
          </p>
          <button type="button" onClick={() => setRenders((count) => count + 1)}>
            render
          </button>
          <button type="button" onClick={() => send({ type: 'add' })}>
            add
          </button>
        </>
      );
    }
    await renderInRouter({ api: {}, queries: {}, queryClient: new QueryClient() } as never, () => <Screen />);
    const user = userEvent.setup();
    expect(await screen.findByText('count 0, renders 0')).toBeInTheDocument();
    const first = select.mock.calls.length;

    for (let i = 1; i <= 3; i++) {
      await user.click(screen.getByRole('button', { name: 'render' }));
      expect(await screen.findByText(`count 0, renders ${i}`)).toBeInTheDocument();
    }
    expect(select).toHaveBeenCalledTimes(first);

    await user.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('count 1, renders 3')).toBeInTheDocument();
    expect(select).toHaveBeenCalledTimes(first + 1);
  });
});

const withInput = setup({ types: { context: {} as { id: string }, input: {} as { id: string } } }).createMachine({
  context: ({ input }) => ({ id: input.id }),
});
const noView = () => null;

/**
 * `input` is required exactly when the machine declares one, so a flow without input needs no cast
 * and a flow with input cannot forget it. Checked by `npm run typecheck` (tsc reads the tests); the
 * `@ts-expect-error` lines fail it when a missing input compiles.
 */
describe('useFlow input', () => {
  it('may be left out for a machine without input', () => {
    expectTypeOf({ select: noView }).toExtend<UseFlowOptions<typeof counter, null>>();
  });

  it('is required, and of its type, for a machine with input', () => {
    expectTypeOf({ select: noView }).not.toExtend<UseFlowOptions<typeof withInput, null>>();
    expectTypeOf({ input: { id: 1 }, select: noView }).not.toExtend<UseFlowOptions<typeof withInput, null>>();
    expectTypeOf({ input: { id: 'a' }, select: noView }).toExtend<UseFlowOptions<typeof withInput, null>>();
    // Never called: what matters is that tsc refuses the call.
    const useForgottenInput = () => {
      // @ts-expect-error the machine takes { id }: a call without it must not compile
      useFlow(() => withInput, { select: noView });
    };
    expect(useForgottenInput).toBeTypeOf('function');
  });
});
