// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { prerenderGuard } from '#src/start-up/prerender-guard';
import { intlWarmupWorkerFile } from '../../scripts/page-files';
import { built, builtChunks, dist } from './built';

/**
 * The pages prerendered into the build (decision 23, scripts/prerender.ts): the start page into
 * index.html, /order's first step into order.html, and their guard (src/start-up/prerender-guard.ts): the
 * host serves index.html for every path of the SPA, and order.html at /order whatever its query and
 * whoever asks, so a prerendered page must show only where it is the page the app will show. The
 * browser side (the CSP lets the guard run, the stylesheet hides the markup, the app takes over
 * without a blank moment) is in e2e/shell.spec.ts.
 */
describe('the prerender guard', () => {
  interface Visit {
    /** The path the page was prerendered for (`<html data-prerendered-path>`). */
    page: '/' | '/order';
    pathname: string;
    search?: string;
    storedLocale?: string | null | Error;
    draft?: string | null | Error;
    cookie?: string;
  }

  /** Runs the guard as the browser would; how it marked the page (`<html data-prerender>`). */
  function marking({ page, pathname, search = '', storedLocale = null, draft = null, cookie = '' }: Visit): string | undefined {
    const attributes = new Map<string, string>([['data-prerendered-path', page]]);
    const storage = (value: string | null | Error, key: string) => ({
      getItem: (asked: string) => {
        if (value instanceof Error) throw value;
        return asked === key ? value : null;
      },
    });
    const document = {
      cookie,
      documentElement: {
        getAttribute: (name: string) => attributes.get(name) ?? null,
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    };
    new Function('location', 'localStorage', 'sessionStorage', 'document', prerenderGuard)(
      { pathname, search },
      storage(storedLocale, 'portal.locale'),
      storage(draft, 'portal.orderWizard'),
      document,
    );
    expect([...attributes.keys()].every((name) => name === 'data-prerender' || name === 'data-prerendered-path')).toBe(true);
    return attributes.get('data-prerender');
  }
  /** Whether the guard marked the page stale (hidden). */
  const marksStale = (visit: Visit) => marking(visit) === 'stale';

  it('keeps the start page at / in German, chosen or by default, with any query', () => {
    expect(marksStale({ page: '/', pathname: '/' })).toBe(false);
    expect(marksStale({ page: '/', pathname: '/', storedLocale: 'de-DE' })).toBe(false);
    expect(marksStale({ page: '/', pathname: '/', search: '?utm_source=newsletter' })).toBe(false);
  });

  it('marks the start page for a visitor who may be signed in, so its Log in does not show (the app shows their buttons)', () => {
    expect(marking({ page: '/', pathname: '/', cookie: 'jwt_expires_at=1900000000' })).toBe('session');
    expect(marking({ page: '/', pathname: '/', cookie: 'a=1; jwt_expires_at=1900000000' })).toBe('session');
    expect(marking({ page: '/', pathname: '/' })).toBeUndefined();
    expect(marking({ page: '/', pathname: '/', cookie: 'not_jwt_expires_at=1' })).toBeUndefined();
    // Hidden altogether where it is not the page to show, cookie or not.
    expect(marking({ page: '/', pathname: '/legal/agb', cookie: 'jwt_expires_at=1900000000' })).toBe('stale');
    expect(marking({ page: '/order', pathname: '/order', cookie: 'jwt_expires_at=1900000000' })).toBe('stale');
  });

  it('hides the start page on every other path, and at / for a visitor who chose English', () => {
    expect(marksStale({ page: '/', pathname: '/legal/agb', storedLocale: 'de-DE' })).toBe(true);
    expect(marksStale({ page: '/', pathname: '/app/dashboard' })).toBe(true);
    expect(marksStale({ page: '/', pathname: '/', storedLocale: 'en-US' })).toBe(true);
  });

  it('keeps the first step at /order for a German visitor without a query, a draft or a session', () => {
    expect(marksStale({ page: '/order', pathname: '/order' })).toBe(false);
    expect(marksStale({ page: '/order', pathname: '/order', cookie: 'portal.consent=1; other=2' })).toBe(false);
  });

  it('hides the first step where the app shows more than an empty first step, or another page', () => {
    expect(marksStale({ page: '/order', pathname: '/order', search: '?step=billing' })).toBe(true);
    expect(marksStale({ page: '/order', pathname: '/order', draft: '{"version":2}' })).toBe(true);
    expect(marksStale({ page: '/order', pathname: '/order', cookie: 'jwt_expires_at=1900000000' })).toBe(true);
    expect(marksStale({ page: '/order', pathname: '/order', cookie: 'a=1; jwt_expires_at=1900000000' })).toBe(true);
    expect(marksStale({ page: '/order', pathname: '/order', storedLocale: 'en-US' })).toBe(true);
    expect(marksStale({ page: '/order', pathname: '/order/' })).toBe(true);
  });

  it('without storage (private mode that refuses it) decides by the rest', () => {
    expect(marksStale({ page: '/', pathname: '/', storedLocale: new Error('SecurityError') })).toBe(false);
    expect(marksStale({ page: '/', pathname: '/order', storedLocale: new Error('SecurityError') })).toBe(true);
    expect(marksStale({ page: '/order', pathname: '/order', storedLocale: new Error('SecurityError'), draft: new Error('SecurityError') })).toBe(false);
    expect(marksStale({ page: '/order', pathname: '/order', storedLocale: new Error('SecurityError'), search: '?step=account' })).toBe(true);
    expect(marksStale({ page: '/order', pathname: '/order', storedLocale: new Error('SecurityError'), cookie: 'jwt_expires_at=1' })).toBe(true);
  });

  const started: unknown[][] = [];
  function RecordingWorker(...args: unknown[]) {
    started.push(args);
  }
  /** Runs the guard with a page whose `<html>` names `warmup` (or nothing) and `Worker` as given; the workers it started. */
  function workersStarted(warmup: string | undefined, Worker: unknown): unknown[][] {
    const attributes = new Map<string, string>([['data-prerendered-path', '/']]);
    if (warmup) attributes.set('data-intl-warmup', warmup);
    const document = {
      cookie: '',
      documentElement: {
        getAttribute: (name: string) => attributes.get(name) ?? null,
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    };
    const storage = { getItem: () => null };
    new Function('location', 'localStorage', 'sessionStorage', 'document', 'Worker', prerenderGuard)(
      { pathname: '/legal/agb', search: '' },
      storage,
      storage,
      document,
      Worker,
    );
    expect(attributes.get('data-prerender')).toBe('stale');
    return started.splice(0);
  }

  it('starts the Intl warm-up worker from the file <html> names (src/start-up/intl-warmup.ts), on every path, and decides without one', () => {
    expect(workersStarted('/assets/intl-warmup.worker-abc.js', RecordingWorker)).toEqual([['/assets/intl-warmup.worker-abc.js', { name: 'intl-warmup' }]]);
    expect(workersStarted(undefined, RecordingWorker)).toEqual([]);
    // A browser without workers, or one whose policy refuses it: the guard has decided all the same.
    expect(workersStarted('/assets/intl-warmup.worker-abc.js', undefined)).toEqual([]);
    expect(
      workersStarted('/assets/intl-warmup.worker-abc.js', function RefusingWorker() {
        throw new Error('SecurityError');
      }),
    ).toEqual([]);
  });
});

/** The Intl warm-up worker a built page names (src/start-up/intl-warmup.ts): a file of the build. */
function namesTheWarmupWorker(html: string): void {
  const worker = /<html [^>]*data-intl-warmup="\/assets\/([^"]+)"/.exec(html)?.[1];
  expect(worker).toMatch(intlWarmupWorkerFile);
  expect(existsSync(path.join(dist, 'assets', worker!))).toBe(true);
}

describe.runIf(built)('the built index.html', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

  it('holds the German start page in the wrapper the guard hides: heading, text, call to action, header, footer', () => {
    const wrapper = /<div id="root"><div data-prerendered>([\s\S]*)<\/div><\/div>/.exec(html)?.[1] ?? '';
    expect(wrapper).toMatch(/<h1[^>]*>Ihr Ticket für ganz Deutschland<\/h1>/);
    expect(wrapper).toMatch(/<a [^>]*href="\/order"[^>]*>Jetzt bestellen<\/a>/);
    expect(wrapper).toContain('<header');
    expect(wrapper).toContain('<footer');
    expect(wrapper).toContain('href="/legal/agb"');
    // The price is loading at build time (src/start-up/prerender.tsx), never "cannot be shown".
    expect(wrapper).toMatch(/<h2 id="price-heading">Preis<\/h2><p aria-busy="true">Der aktuelle Preis wird geladen …<\/p>/);
  });

  it('runs the guard in the head, before the stylesheet (which would hold it back until loaded) and before the body', () => {
    namesTheWarmupWorker(html);
    const guard = html.indexOf(`<script>${prerenderGuard}</script>`);
    expect(guard).toBeGreaterThan(html.indexOf('<head>'));
    const stylesheet = html.indexOf('rel="stylesheet"');
    expect(stylesheet).toBeGreaterThan(guard);
    expect(html.indexOf('<body>')).toBeGreaterThan(guard);
  });

  it('links the app’s one stylesheet in the head, so the prerendered page paints styled (not restyled when its script has run)', () => {
    const { manifest } = builtChunks();
    expect(Object.values(manifest).flatMap((chunk) => chunk.css ?? [])).toEqual([]);
    const stylesheet = manifest['style.css']!.file;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="stylesheet" crossorigin href="/${stylesheet}">`);
    expect(html.split('rel="stylesheet"')).toHaveLength(2);
  });
});

describe.runIf(built)('the built order.html', () => {
  const html = readFileSync(path.join(dist, 'order.html'), 'utf8');
  const wrapper = /<div id="root"><div data-prerendered>([\s\S]*)<\/div><\/div>/.exec(html)?.[1] ?? '';

  it('names /order as its path, runs the same guard first, and holds the German first step of the shipped product', () => {
    expect(html).toMatch(/<html lang="de-DE" data-prerendered-path="\/order" data-intl-warmup="[^"]+">/);
    namesTheWarmupWorker(html);
    expect(html.indexOf(`<script>${prerenderGuard}</script>`)).toBeGreaterThan(html.indexOf('<head>'));
    expect(html.indexOf(`<script>${prerenderGuard}</script>`)).toBeLessThan(html.indexOf('rel="stylesheet"'));
    expect(wrapper).toMatch(/<h1[^>]*>Ticket bestellen<\/h1>/);
    expect(wrapper).toMatch(/<h2[^>]*>Startdatum und Reisende<\/h2>/);
    // The months come from the API: at build time they are loading, as before its answer.
    expect(wrapper).toContain('Die möglichen Startmonate werden geladen …');
    expect(wrapper).toContain('<header');
    expect(wrapper).toContain('href="/legal/agb"');
  });

  it('cannot be filled in before the app has taken it over: its main is inert, its header and footer links are links', () => {
    expect(wrapper.match(/<main\b[^>]*>/g)).toEqual([expect.stringMatching(/^<main inert /)]);
    expect(wrapper.slice(wrapper.indexOf('</main>'))).toMatch(/<a href="\/legal\/agb"/);
  });

  it('has no style attribute (the CSP refuses them): react-aria’s hidden inputs are marked for the stylesheet', () => {
    expect(wrapper).not.toMatch(/\sstyle=/);
    expect(wrapper).toMatch(/<span data-visually-hidden><input [^>]*type="radio"/);
  });

  it('links the app’s one stylesheet and preloads the scripts the page waits for', () => {
    const { manifest, loadedWith } = builtChunks();
    const keys = Object.keys(manifest).filter((k) => k.startsWith('src/routes/order.tsx') || k.includes('steps/start-traveler-step'));
    const closure = new Set(keys.flatMap((key) => [...loadedWith(key)]));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="stylesheet" crossorigin href="/${manifest['style.css']!.file}">`);
    expect(html.split('rel="stylesheet"')).toHaveLength(2);
    for (const key of closure) {
      const file = manifest[key]!.file;
      if (file.endsWith('.js')) expect(head, file).toMatch(new RegExp(`<link rel="(modulepreload|stylesheet)"[^>]*href="/${file}"|src="/${file}"`));
    }
    const orderPart = Object.values(manifest).find((chunk) => chunk.src?.endsWith('de-DE/messages.po?part=order'));
    expect(head).toContain(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${orderPart!.file}">`);
  });
});

describe.runIf(built)('the built app/dashboard.html', () => {
  const html = readFileSync(path.join(dist, 'app/dashboard.html'), 'utf8');

  it('holds no markup (a customer’s own page) and names no prerendered path, so the guard leaves nothing showing', () => {
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('<div data-prerendered>');
    expect(html).toMatch(/<html lang="de-DE" data-intl-warmup="[^"]+">/);
    namesTheWarmupWorker(html);
  });

  it('preloads what the dashboard waits for, and the header’s signed-in buttons, with the HTML', () => {
    const { manifest, loadedWith } = builtChunks();
    const keys = Object.keys(manifest).filter(
      (k) =>
        k.startsWith('src/routes/app/_signedIn/dashboard/index.tsx') || k.includes('src/flows/session/session-actor') || k.includes('-shell/session-buttons'),
    );
    expect(keys.length).toBeGreaterThanOrEqual(3);
    const head = html.slice(0, html.indexOf('</head>'));
    for (const key of new Set(keys.flatMap((key) => [...loadedWith(key)]))) {
      const file = manifest[key]!.file;
      if (file.endsWith('.js')) expect(head, file).toMatch(new RegExp(`<link rel="modulepreload"[^>]*href="/${file}"|src="/${file}"`));
    }
  });
});
