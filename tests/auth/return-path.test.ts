import { safeReturnPath } from '#src/auth/return-path';

const origin = 'https://portal.example.com';

describe('the callback accepts only a same-origin return path under /app', () => {
  it.each([
    ['/app/dashboard', '/app/dashboard'],
    ['/app/dashboard/tickets?x=1#top', '/app/dashboard/tickets?x=1#top'],
    ['/app', '/app'],
  ])('keeps %s', (value, expected) => {
    expect(safeReturnPath(value, origin)).toBe(expected);
  });

  it.each([
    'https://evil.example/app/dashboard',
    '//evil.example/app/dashboard',
    '/\\evil.example/app',
    '/application',
    '/',
    '/legal/agb',
    '/app/oauth/callback?code=x',
    'app/dashboard',
    'javascript:alert(1)',
    '',
    undefined,
    42,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value, origin)).toBeUndefined();
  });
});
