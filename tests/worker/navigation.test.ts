// @vitest-environment node
import { isShellNavigation, shellFor } from '#src/worker/navigation';

const origin = 'https://portal.example';
const at = (path: string) => new URL(path, origin);

describe('the service worker answers navigations with the app shell (src/worker/navigation.ts)', () => {
  it.each([
    '/',
    '/app/dashboard',
    '/app/dashboard/ticket/t-1',
    '/order',
    '/order?step=billing',
    '/legal/agb',
    '/app/oauth/callback?code=x&state=y',
    '/no-such-page',
  ])('%s: the shell', (path) => expect(isShellNavigation(at(path), origin)).toBe(true));

  it.each([
    '/api/v2/auth/authorization/authorize?client_id=portal-web',
    '/api',
    '/sandbox/sign-in',
    '/sandbox/pay/abc',
    '/__sandbox/customers',
    '/config.json',
    '/assets/abc.js',
    '/logo.svg',
  ])('%s: never the shell (the API, the sandbox, a file)', (path) => expect(isShellNavigation(at(path), origin)).toBe(false));

  it('another origin is never answered', () => expect(isShellNavigation(new URL('https://pay.example/app/dashboard'), origin)).toBe(false));

  it('only /order has its own page, as the servers answer', () => {
    expect(shellFor('/order')).toBe('order');
    expect(shellFor('/order/')).toBe('index');
    expect(shellFor('/orders')).toBe('index');
    expect(shellFor('/app/dashboard')).toBe('index');
  });
});
