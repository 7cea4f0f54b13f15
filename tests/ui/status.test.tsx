import { screen } from '@testing-library/react';

import { Alert, alertVariants } from '#src/ui/alert';
import { Badge, badgeVariants } from '#src/ui/badge';
import { renderUi } from './render-ui';

describe('Badge', () => {
  it.each(badgeVariants)('%s renders its text and a decorative icon, not colour alone', (variant) => {
    const { container } = renderUi(<Badge variant={variant}>Active</Badge>);
    const badge = screen.getByText('Active');
    expect(badge).toHaveAttribute('data-variant', variant);
    expect(badge).toHaveTextContent('Active');
    const icon = container.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('uses a different icon for success and error', () => {
    const { container } = renderUi(
      <>
        <Badge variant="success">Active</Badge>
        <Badge variant="error">Failed</Badge>
      </>,
    );
    const [ok, failed] = Array.from(container.querySelectorAll('svg'));
    expect(ok?.innerHTML).not.toEqual(failed?.innerHTML);
  });
});

describe('Alert', () => {
  it('destructive is an assertive alert', () => {
    renderUi(<Alert variant="destructive" title="Payment failed" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Payment failed');
    expect(screen.getByRole('heading', { name: 'Error: Payment failed' })).toBeInTheDocument();
  });

  it.each(alertVariants.filter((v) => v !== 'destructive'))('%s is not an alert by default', (variant) => {
    renderUi(<Alert variant={variant} title="Note" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Note$/ })).toBeInTheDocument();
  });

  it('a dynamic non-destructive alert is a polite status', () => {
    renderUi(<Alert variant="success" announce title="Saved" />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the variant for screen readers in German', () => {
    renderUi(<Alert variant="warning" title="Achtung Frist" />, { locale: 'de-DE' });
    expect(screen.getByRole('heading', { name: 'Warnung: Achtung Frist' })).toBeInTheDocument();
  });
});
