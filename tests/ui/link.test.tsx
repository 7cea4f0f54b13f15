import { screen } from '@testing-library/react';

import { isExternalHref, Link } from '#src/ui/link';
import { renderUi } from './render-ui';

describe('Link', () => {
  it('opens an explicitly external link in a new tab with rel and a hidden hint', () => {
    renderUi(
      <Link href="/agb.pdf" external>
        Terms
      </Link>,
    );
    const link = screen.getByRole('link', { name: /Terms/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('Terms (opens in a new tab)');
    const hint = screen.getByText('(opens in a new tab)');
    expect(link).toContainElement(hint);
  });

  it('treats an absolute http(s) URL on another origin as external', () => {
    renderUi(<Link href="https://www.bahn.de/">Timetable</Link>);
    const link = screen.getByRole('link', { name: /Timetable/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('Timetable (opens in a new tab)');
  });

  it('keeps an internal link in the same tab without the hint', () => {
    renderUi(<Link href="/app/tickets">Tickets</Link>);
    const link = screen.getByRole('link', { name: 'Tickets' });
    expect(link).not.toHaveAttribute('target');
    expect(link).not.toHaveAttribute('rel');
    expect(screen.queryByText(/opens in a new tab/)).not.toBeInTheDocument();
  });

  it('keeps an absolute link to the own origin in the same tab', () => {
    renderUi(<Link href={`${window.location.origin}/app`}>Account</Link>);
    expect(screen.getByRole('link', { name: 'Account' })).not.toHaveAttribute('target');
  });

  it('translates the hint', () => {
    renderUi(
      <Link href="https://example.org/" external>
        AGB
      </Link>,
      { locale: 'de-DE' },
    );
    expect(screen.getByRole('link')).toHaveAccessibleName('AGB (öffnet in einem neuen Tab)');
  });

  it('recognises external hrefs', () => {
    const origin = 'https://portal.example';
    expect(isExternalHref('https://other.example/x', origin)).toBe(true);
    expect(isExternalHref('//other.example/x', origin)).toBe(true);
    expect(isExternalHref('https://portal.example/app', origin)).toBe(false);
    expect(isExternalHref('/app', origin)).toBe(false);
    expect(isExternalHref('mailto:help@example.org', origin)).toBe(false);
    expect(isExternalHref(undefined, origin)).toBe(false);
  });
});
