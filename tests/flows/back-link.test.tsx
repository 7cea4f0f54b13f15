import { screen } from '@testing-library/react';

import { accountHref, BackLink, overviewHref, ticketsHref } from '#src/flows/back-link';
import { renderUi } from '../ui/render-ui';

/** A screen's way back (src/flows/back-link.tsx): a real link, with the one text of the page it leads to. */
describe('BackLink', () => {
  it.each([
    [ticketsHref, 'Back to my tickets', 'Zurück zu meinen Tickets'],
    [accountHref, 'Back to my data', 'Zurück zu meinen Daten'],
    [overviewHref, 'Back to the overview', 'Zurück zur Übersicht'],
  ] as const)('%s: "%s" / "%s"', (to, english, german) => {
    const { unmount } = renderUi(<BackLink to={to} />);
    expect(screen.getByRole('link', { name: english })).toHaveAttribute('href', to);
    unmount();
    renderUi(<BackLink to={to} />, { locale: 'de-DE' });
    expect(screen.getByRole('link', { name: german })).toHaveAttribute('href', to);
  });

  it('takes a screen’s own text (a Cancel) and any portal path', () => {
    renderUi(<BackLink to="/app/dashboard/payments">Cancel</BackLink>);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/app/dashboard/payments');
  });
});
