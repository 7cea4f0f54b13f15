import { screen, within } from '@testing-library/react';

import { Breadcrumbs, type BreadcrumbSeparator } from '#src/ui/breadcrumbs';
import { renderUi } from './render-ui';

const trail = [{ href: '/', label: 'Start' }, { href: '/app', label: 'Account' }, { label: 'Tickets' }];

function separatorsOf(container: HTMLElement) {
  return Array.from(container.querySelectorAll('[data-separator]'));
}

describe('Breadcrumbs', () => {
  it('is a labelled navigation landmark with an ordered list', () => {
    renderUi(<Breadcrumbs items={trail} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(nav).getByRole('list').tagName).toBe('OL');
    expect(within(nav).getAllByRole('listitem')).toHaveLength(3);
  });

  it('uses > by default', () => {
    const { container } = renderUi(<Breadcrumbs items={trail} />);
    expect(separatorsOf(container).map((s) => s.textContent)).toEqual(['>', '>']);
  });

  it.each<BreadcrumbSeparator>(['>', '<', '/'])('renders separator %s hidden from screen readers', (separator) => {
    const { container } = renderUi(<Breadcrumbs items={trail} separator={separator} />);
    const separators = separatorsOf(container);
    expect(separators).toHaveLength(trail.length - 1);
    for (const element of separators) {
      expect(element).toHaveTextContent(separator);
      expect(element).toHaveAttribute('aria-hidden', 'true');
    }
    // Not part of any link's name.
    expect(screen.getByRole('link', { name: 'Start' })).toBeInTheDocument();
  });

  it('marks the last item as the current page, not a link', () => {
    renderUi(<Breadcrumbs items={trail} />);
    const current = screen.getByText('Tickets');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Tickets' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/app');
  });
});
