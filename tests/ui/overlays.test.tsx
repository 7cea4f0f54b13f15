import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogTrigger } from 'react-aria-components';

import { AlertDialog } from '#src/ui/alert-dialog';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Accordion, Disclosure } from '#src/ui/disclosure';
import { HeroBanner } from '#src/ui/hero-banner';
import { renderUi } from './render-ui';

describe('Dialog', () => {
  it('opens a labelled modal with a translated close button and returns focus', async () => {
    renderUi(
      <DialogTrigger>
        <Button>Open</Button>
        <Dialog title="Change email">Body</Dialog>
      </DialogTrigger>,
    );
    const trigger = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Change email' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // react-aria moves focus in an animation frame: wait for it (a busy machine delays it).
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});

describe('AlertDialog', () => {
  it('confirms and closes', async () => {
    const onConfirm = vi.fn();
    renderUi(
      <DialogTrigger>
        <Button>Pause</Button>
        <AlertDialog title="Pause?" confirmLabel="Pause subscription" onConfirm={onConfirm}>
          Text
        </AlertDialog>
      </DialogTrigger>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Pause?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause subscription' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('destructive: focus starts on Cancel and cancelling does not confirm', async () => {
    const onConfirm = vi.fn();
    renderUi(
      <DialogTrigger>
        <Button>End</Button>
        <AlertDialog variant="destructive" title="End it?" confirmLabel="End subscription" onConfirm={onConfirm}>
          Text
        </AlertDialog>
      </DialogTrigger>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'End' }));
    const dialog = screen.getByRole('alertdialog', { name: 'End it?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    // react-aria moves focus in an animation frame: wait for it (a busy machine delays it).
    await waitFor(() => expect(cancel).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'End subscription' })).toHaveAttribute('data-destructive', 'true');
    await userEvent.click(cancel);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('Disclosure', () => {
  it('toggles its panel from a button in a heading', async () => {
    renderUi(<Disclosure title="Where is it valid?">Everywhere.</Disclosure>);
    const trigger = screen.getByRole('button', { name: 'Where is it valid?' });
    expect(trigger.closest('h3')).not.toBeNull();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Everywhere.')).toBeVisible();
  });

  it('accordion keeps one open', async () => {
    renderUi(
      <Accordion defaultExpandedKeys={['a']}>
        <Disclosure id="a" title="A">
          Alpha
        </Disclosure>
        <Disclosure id="b" title="B">
          Beta
        </Disclosure>
      </Accordion>,
    );
    const a = screen.getByRole('button', { name: 'A' });
    const b = screen.getByRole('button', { name: 'B' });
    expect(a).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(b);
    expect(b).toHaveAttribute('aria-expanded', 'true');
    expect(a).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('HeroBanner', () => {
  it('renders heading, text and the optional action', () => {
    renderUi(
      <HeroBanner title="One ticket" action={<Button>Order</Button>}>
        All of Germany
      </HeroBanner>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'One ticket' })).toBeInTheDocument();
    expect(screen.getByText('All of Germany')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order' })).toBeInTheDocument();
  });
});
