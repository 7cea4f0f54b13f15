import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { isAbsoluteHref, isExternalHref, Link } from '#src/ui/link';
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

  it('acts on Enter and on a click when it has no href, and is announced as a link', async () => {
    const onPress = vi.fn();
    renderUi(<Link onPress={onPress}>Sign in</Link>);
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link).not.toHaveAttribute('href');
    await userEvent.tab();
    expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(1);
    await userEvent.click(link);
    expect(onPress).toHaveBeenCalledTimes(2);
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

describe("Link inside the app's router", () => {
  /** A TanStack router on /legal/agb whose root renders the links. */
  async function renderInRouter(links: ReturnType<typeof Link>) {
    function Root() {
      return (
        <>
          {links}
          <Outlet />
        </>
      );
    }
    const root = createRootRoute({ component: Root });
    const page = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => <p>page {path}</p> });
    const router = createRouter({
      routeTree: root.addChildren([page('/legal/agb'), page('/legal/tariff'), page('/app/dashboard')]),
      history: createMemoryHistory({ initialEntries: ['/legal/agb'] }),
    });
    await act(() => router.load());
    renderUi(<RouterProvider router={router} />);
    await screen.findByText('page /legal/agb');
    return router;
  }

  it('keeps absolute URLs absolute: the router does not resolve them against the current page', async () => {
    await renderInRouter(
      <>
        <Link href="https://example.com/verbund">Partner</Link>
        <Link href="https://example.com/hilfe" external>
          Help
        </Link>
        <Link href="mailto:kundenservice@example.com">Mail</Link>
        <Link href="//example.org/x">Protocol-relative</Link>
      </>,
    );
    expect(screen.getByRole('link', { name: /Partner/ })).toHaveAttribute('href', 'https://example.com/verbund');
    expect(screen.getByRole('link', { name: /Help/ })).toHaveAttribute('href', 'https://example.com/hilfe');
    expect(screen.getByRole('link', { name: /Mail/ })).toHaveAttribute('href', 'mailto:kundenservice@example.com');
    expect(screen.getByRole('link', { name: /Protocol-relative/ })).toHaveAttribute('href', '//example.org/x');
  });

  it('routes portal paths: the href is the path, a click navigates in the app', async () => {
    const router = await renderInRouter(
      <>
        <Link href="/legal/tariff">Tariff</Link>
        <Link href="/app/dashboard?from=footer#top">Dashboard</Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app/dashboard?from=footer#top');
    await userEvent.click(screen.getByRole('link', { name: 'Tariff' }));
    expect(await screen.findByText('page /legal/tariff')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/legal/tariff');
  });

  it('leaves a Ctrl+click to the browser (a new tab), not to the router', async () => {
    const router = await renderInRouter(<Link href="/legal/tariff">Tariff</Link>);
    const link = screen.getByRole('link', { name: 'Tariff' });
    const clicks: boolean[] = [];
    link.addEventListener('click', (event) => clicks.push(event.defaultPrevented));
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(clicks).toEqual([false]);
    expect(router.state.location.pathname).toBe('/legal/agb');
  });

  it('navigates in the app for an absolute URL on the own origin', async () => {
    const router = await renderInRouter(<Link href={`${window.location.origin}/app/dashboard`}>Account</Link>);
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', `${window.location.origin}/app/dashboard`);
    await userEvent.click(screen.getByRole('link', { name: 'Account' }));
    expect(await screen.findByText('page /app/dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('tells absolute hrefs from portal paths', () => {
    for (const href of ['https://example.com/x', 'HTTP://example.com', 'mailto:a@example.com', 'tel:+4930123', '//example.com/x']) {
      expect(isAbsoluteHref(href), href).toBe(true);
    }
    for (const href of ['/legal/agb', 'legal/agb', '#main', '?step=2', '', '/a:b']) expect(isAbsoluteHref(href), href).toBe(false);
  });
});
