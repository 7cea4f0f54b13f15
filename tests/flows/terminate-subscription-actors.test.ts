// @vitest-environment node
import { createActor, waitFor } from 'xstate';

import { selectTerminateSubscriptionView } from '#machines/terminate-subscription/terminate-subscription.selectors';
import { parseRuntimeConfig } from '#src/config/runtime-config';
import { provideTerminateSubscription } from '#src/flows/terminate-subscription/terminate-subscription.actors';
import type { FlowServices } from '#src/flows/use-flow';
import shipped from '../../public/config.json';
import { sandboxApi } from '../support/sandbox-api';

/**
 * The termination's real actors (src/flows/terminate-subscription/terminate-subscription.actors.ts)
 * over the in-process sandbox and the seeded world (README: A-100001 active and terminable, A-100002
 * terminated, A-100010 revoked, A-100011 canceled): what they read, what they put, and how the
 * sandbox's refusals reach the machine.
 */

const parsed = parseRuntimeConfig(shipped);
if (!parsed.ok) throw new Error('shipped config invalid');

async function startFlow(subscriptionId: string, setUp?: (harness: Awaited<ReturnType<typeof sandboxApi>>) => Promise<void>) {
  const harness = await sandboxApi({ signedInAs: 'deuti@example.com' });
  await setUp?.(harness);
  const navigations: unknown[] = [];
  const services = {
    api: harness.api,
    queries: harness.queries,
    queryClient: harness.queryClient,
    config: parsed.ok ? parsed.config : undefined,
    navigate: async (options: unknown) => void navigations.push(options),
  } as unknown as FlowServices;
  const actor = createActor(provideTerminateSubscription(services), { input: { subscriptionId } });
  actor.start();
  return { actor, navigations, harness };
}

describe('terminate-subscription actors against the sandbox', () => {
  it('loads A-100001 with its number and dates, puts the chosen date once and shows the success page with it', async () => {
    const { actor, navigations, harness } = await startFlow('sub-deuti-active');
    const choosing = await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    const view = selectTerminateSubscriptionView(choosing);
    if (view.step !== 'choose') throw new Error(`unexpected ${view.step}`);
    expect(view.subscriptionNumber).toBe('S-A100001');
    expect(view.terminationDates).toHaveLength(6);
    expect(view.chosenDate).toBe(view.terminationDates[0]);
    const chosen = view.terminationDates[2]!;
    actor.send({ type: 'termination.request', terminateDate: chosen });
    actor.send({ type: 'termination.confirm' });
    actor.send({ type: 'termination.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(harness.calls.filter((call) => call.startsWith('PUT '))).toEqual(['PUT /api/v2/subscription/subscriptions/sub-deuti-active/terminate']);
    expect(navigations).toEqual([
      {
        to: '/app/dashboard/subscription/$subscriptionId/terminate/success',
        params: { subscriptionId: 'sub-deuti-active' },
        search: { date: chosen },
        replace: true,
      },
    ]);
    const after = await harness.client.get('/api/v2/subscription/subscriptions/sub-deuti-active');
    expect((after.body as { terminate_date: string }).terminate_date).toBe(chosen);
  });

  it.each([
    ['A-100002 (terminated, ends end of next month)', 'sub-deuti-term-w', 'terminated', true],
    ['A-100010 (revoked)', 'sub-deuti-revoked', 'ended', false],
    ['A-100011 (canceled, ended last month)', 'sub-deuti-canceled', 'ended', true],
  ] as const)('%s offers no form (SPEC.md 4.3)', async (_name, subscriptionId, reason, hasDate) => {
    const { actor, harness } = await startFlow(subscriptionId);
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.value).toBe('notTerminable');
    expect(selectTerminateSubscriptionView(end)).toMatchObject({ step: 'notTerminable', reason, terminateDate: hasDate ? expect.any(String) : undefined });
    expect(harness.calls.some((call) => call.startsWith('PUT '))).toBe(false);
  });

  it("the sandbox's 400 isAlreadyTerminated (terminated in another tab) ends on alreadyTerminated", async () => {
    const { actor, harness } = await startFlow('sub-deuti-active');
    const choosing = await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    const first = choosing.context.chosenDate!;
    // The other tab.
    const other = await harness.api.PUT('/api/v2/subscription/subscriptions/{id}/terminate', {
      params: { path: { id: 'sub-deuti-active' } },
      body: { terminate_date: first },
    });
    expect(other.response.status).toBe(200);
    actor.send({ type: 'termination.request', terminateDate: first });
    actor.send({ type: 'termination.confirm' });
    const end = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(end.value).toBe('alreadyTerminated');
    expect(end.context.error).toBe('isAlreadyTerminated');
  });

  it('a 500 keeps the choice with the alert; a load failure offers the retry', async () => {
    const { actor, harness } = await startFlow('sub-deuti-active');
    const choosing = await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    const chosen = choosing.context.subscription!.terminationDates[1]!;
    await harness.client.post('/__sandbox/faults', {
      json: { method: 'PUT', path: '/api/v2/subscription/subscriptions/sub-deuti-active/terminate', status: 500, times: 1 },
    });
    actor.send({ type: 'termination.request', terminateDate: chosen });
    actor.send({ type: 'termination.confirm' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.error !== undefined);
    expect(selectTerminateSubscriptionView(failed)).toMatchObject({ step: 'choose', failed: true, chosenDate: chosen, dialog: undefined });

    const again = await startFlow('sub-deuti-active', async ({ client }) => {
      await client.post('/__sandbox/faults', {
        json: { method: 'GET', path: '/api/v2/subscription/subscriptions/sub-deuti-active/terminate', status: 500, times: 1 },
      });
    });
    await waitFor(again.actor, (snapshot) => snapshot.matches('loadFailed'));
    again.actor.send({ type: 'load.retry' });
    await waitFor(again.actor, (snapshot) => snapshot.matches('choosing'));
  });
});
