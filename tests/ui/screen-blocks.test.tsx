import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

import { ActionRow } from '#src/ui/action-row';
import { DonePage } from '#src/ui/done-page';
import { LoadFailed } from '#src/ui/load-failed';
import { LoadingStatus } from '#src/ui/loading-status';
import { renderUi } from './render-ui';

describe('LoadFailed', () => {
  it('is an assertive alert with a level-2 heading, "Try again" and the way back', async () => {
    const onRetry = vi.fn();
    renderUi(
      <LoadFailed title="Your subscription could not be loaded" onRetry={onRetry} back={<a href="/app/dashboard/tickets">Back</a>}>
        Please try again in a moment.
      </LoadFailed>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again in a moment.');
    expect(screen.getByRole('heading', { level: 2, name: 'Error: Your subscription could not be loaded' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/app/dashboard/tickets');
  });

  it('says "Erneut versuchen" in German, is disabled while no retry is allowed, and has no button without onRetry', () => {
    const { unmount } = renderUi(<LoadFailed title="x" onRetry={() => undefined} canRetry={false} />, { locale: 'de-DE' });
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeDisabled();
    unmount();
    renderUi(<LoadFailed title="x" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('LoadingStatus, ActionRow and DonePage', () => {
  it('loading is a polite status', () => {
    renderUi(<LoadingStatus>Loading your order…</LoadingStatus>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');
  });

  it('the action row holds its children in order', () => {
    renderUi(
      <ActionRow>
        <button type="button">Save</button>
        <a href="/x">Cancel</a>
      </ActionRow>,
    );
    expect(screen.getByRole('button', { name: 'Save' }).nextElementSibling).toBe(screen.getByRole('link', { name: 'Cancel' }));
  });

  it('a done page has the h1, its text and one link onwards', () => {
    renderUi(
      <DonePage title="Your order is cancelled" linkHref="/app/dashboard/tickets" linkLabel="Go to my tickets">
        <p>Nothing to do.</p>
      </DonePage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your order is cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Nothing to do.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my tickets' })).toHaveAttribute('href', '/app/dashboard/tickets');
  });
});
