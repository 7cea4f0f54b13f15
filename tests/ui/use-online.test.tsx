import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';

import { useOnline } from '#src/ui/use-online';

/**
 * `useOnline` (src/ui/use-online.ts, issue 29): `navigator.onLine`, followed through the window's
 * online and offline events; online when rendered outside a browser (the prerender).
 */

let onLine = true;

function setOnline(value: boolean): void {
  onLine = value;
}

function announce(value: boolean): void {
  setOnline(value);
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

function Network() {
  return <p data-testid="network">{useOnline() ? 'online' : 'offline'}</p>;
}

beforeEach(() => {
  onLine = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('useOnline', () => {
  it('starts from navigator.onLine', () => {
    setOnline(false);
    render(<Network />);
    expect(screen.getByTestId('network')).toHaveTextContent('offline');
  });

  it('follows the offline and online events', () => {
    render(<Network />);
    expect(screen.getByTestId('network')).toHaveTextContent('online');
    announce(false);
    expect(screen.getByTestId('network')).toHaveTextContent('offline');
    announce(true);
    expect(screen.getByTestId('network')).toHaveTextContent('online');
  });

  it('reads navigator.onLine again on each event, whichever event it is', () => {
    render(<Network />);
    setOnline(false);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByTestId('network')).toHaveTextContent('offline');
  });

  it('stops listening once unmounted', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(<Network />);
    unmount();
    const types = removed.mock.calls.map(([type]) => type);
    removed.mockRestore();
    expect(types).toEqual(expect.arrayContaining(['online', 'offline']));
    expect(() => announce(false)).not.toThrow();
  });

  it('is online when rendered outside a browser (the server snapshot), whatever navigator says', () => {
    setOnline(false);
    expect(renderToString(<Network />)).toContain('online');
    expect(renderToString(<Network />)).not.toContain('offline');
  });
});
