import { act, screen, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';

import { appUpdateMachine } from '#machines/app-update/app-update.machine';
import { UpdatePrompt } from '#src/flows/app-update/update-prompt';
import { renderUi } from '../../ui/render-ui';

/**
 * "New version available – reload" (src/flows/app-update/update-prompt.tsx, issue 29 item 3) over
 * the app-update machine with fake actors: nothing while no version waits; Reload activates the
 * waiting version once (a double press too) and reloads after it took over; Later hides it; a
 * failed activation says so and may be tried again; another tab's new version offers a reload.
 */

type Locale = 'en-US' | 'de-DE';

const texts = {
  'en-US': {
    region: 'New version',
    title: 'New version available',
    text: 'Reload to use it. What you entered in the order form is kept.',
    failed: 'The new version could not be started. Please try again, or close every tab of the portal and open it again.',
    elsewhereTitle: 'A new version of the portal is active',
    elsewhereText: 'It was loaded in another tab. Please reload this page; what you entered in the order form is kept.',
    reload: 'Reload',
    later: 'Later',
  },
  'de-DE': {
    region: 'Neue Version',
    title: 'Neue Version verfügbar',
    text: 'Laden Sie neu, um sie zu nutzen. Ihre Eingaben im Bestellformular bleiben erhalten.',
    failed:
      'Die neue Version konnte nicht gestartet werden. Bitte versuchen Sie es noch einmal, oder schließen Sie alle Tabs des Portals und öffnen Sie es neu.',
    elsewhereTitle: 'Eine neue Version des Portals ist aktiv',
    elsewhereText: 'Sie wurde in einem anderen Tab geladen. Bitte laden Sie diese Seite neu; Ihre Eingaben im Bestellformular bleiben erhalten.',
    reload: 'Neu laden',
    later: 'Später',
  },
} as const;

/** The machine with a fake activation the test settles, and a spy for the reload. */
function startUpdate() {
  const activations: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const reloadPage = vi.fn();
  const actor = createActor(
    appUpdateMachine.provide({
      actors: {
        activateWaiting: fromPromise<void>(
          () =>
            new Promise<void>((resolve, reject) => {
              activations.push({ resolve, reject });
            }),
        ),
      },
      actions: { reloadPage },
    }),
  ).start();
  return { actor, activations, reloadPage };
}

let running: ReturnType<typeof startUpdate>['actor'] | undefined;

function renderPrompt(locale: Locale = 'en-US') {
  const update = startUpdate();
  running = update.actor;
  const view = renderUi(<UpdatePrompt actor={update.actor} />, { locale });
  const send = (event: Parameters<typeof update.actor.send>[0]) => act(() => update.actor.send(event));
  return { ...update, ...view, send };
}

const press = (name: string | RegExp) => act(async () => screen.getByRole('button', { name }).click());

afterEach(() => {
  running?.stop();
  running = undefined;
});

describe('the update prompt', () => {
  it('shows nothing while no newer version waits', () => {
    const { container, actor } = renderPrompt();
    expect(actor.getSnapshot().value).toBe('current');
    expect(container).toBeEmptyDOMElement();
  });

  it.each(['en-US', 'de-DE'] as const)('%s: a waiting version is offered, with Reload and Later, in a region of its own', (locale) => {
    const say = texts[locale];
    const { send } = renderPrompt(locale);
    send({ type: 'update.waiting' });
    const region = screen.getByRole('region', { name: say.region });
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(say.title);
    expect(within(region).getByRole('status')).toHaveTextContent(say.text);
    expect(
      within(region)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([say.reload, say.later]);
  });

  it('Reload activates the waiting version once, even pressed twice, and reloads only after it took over', async () => {
    const { send, activations, reloadPage, actor } = renderPrompt();
    send({ type: 'update.waiting' });
    // A double click: both presses before the screen shows the busy button.
    const reload = screen.getByRole('button', { name: 'Reload' });
    await act(async () => {
      reload.click();
      reload.click();
    });
    expect(activations).toHaveLength(1);
    // Busy: the button is named by its progress bar too ("Loading"), and a press does nothing.
    await press(/Reload/);
    expect(activations).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('activating');
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Reload/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();

    await act(async () => activations[0]!.resolve());
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('reloading');
    await press(/Reload/);
    expect(activations).toHaveLength(1);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('Later hides the prompt; the next waiting version is offered again', async () => {
    const { send, container, activations } = renderPrompt();
    send({ type: 'update.waiting' });
    await press('Later');
    expect(container).toBeEmptyDOMElement();
    expect(activations).toHaveLength(0);
    send({ type: 'update.waiting' });
    expect(screen.getByRole('heading', { name: /New version available/ })).toBeInTheDocument();
  });

  it.each(['en-US', 'de-DE'] as const)('%s: a failed activation says so, as a warning, and Reload tries again', async (locale) => {
    const say = texts[locale];
    const { send, activations, reloadPage } = renderPrompt(locale);
    send({ type: 'update.waiting' });
    await press(say.reload);
    await act(async () => activations[0]!.reject(new Error('The new version did not take over')));
    const region = screen.getByRole('region', { name: say.region });
    expect(within(region).getByText(say.failed)).toBeInTheDocument();
    expect(within(region).queryByText(say.text)).toBeNull();
    expect(region.querySelector('[data-variant="warning"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: say.reload })).not.toHaveAttribute('aria-disabled');
    expect(reloadPage).not.toHaveBeenCalled();

    await press(say.reload);
    expect(activations).toHaveLength(2);
    await act(async () => activations[1]!.resolve());
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it.each(['en-US', 'de-DE'] as const)('%s: another tab took the new version: the page offers a reload, with no activation of its own', async (locale) => {
    const say = texts[locale];
    const { send, activations, reloadPage } = renderPrompt(locale);
    send({ type: 'update.takenOverElsewhere' });
    const region = screen.getByRole('region', { name: say.region });
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(say.elsewhereTitle);
    expect(within(region).getByText(say.elsewhereText)).toBeInTheDocument();
    await press(say.reload);
    expect(activations).toHaveLength(0);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('another tab took the new version, and Later: the prompt goes', async () => {
    const { send, container, reloadPage } = renderPrompt();
    send({ type: 'update.takenOverElsewhere' });
    await press('Later');
    expect(container).toBeEmptyDOMElement();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
