// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { prerenderGuard } from '#src/prerender-guard';
import { built, builtChunks, dist } from './built';

/**
 * The start page prerendered into index.html (decision 23, scripts/prerender.ts) and its guard
 * (src/prerender-guard.ts): the host serves the same index.html for every path of the SPA, so the
 * prerendered German start page must show only at `/` for a visitor who has not chosen English.
 * The browser side (the CSP lets the guard run, the stylesheet hides the markup) is in
 * e2e/shell.spec.ts.
 */
describe('the prerender guard', () => {
  /** Runs the guard as the browser would, with the given path and stored locale; whether it marked the page stale. */
  function marksStale(pathname: string, storedLocale: string | null | Error): boolean {
    const attributes = new Map<string, string>();
    const localStorage = {
      getItem: (key: string) => {
        if (storedLocale instanceof Error) throw storedLocale;
        return key === 'portal.locale' ? storedLocale : null;
      },
    };
    const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
    new Function('location', 'localStorage', 'document', prerenderGuard)({ pathname }, localStorage, document);
    expect([...attributes.keys()].every((name) => name === 'data-prerender')).toBe(true);
    return attributes.get('data-prerender') === 'stale';
  }

  it('keeps the prerendered page at / in German, chosen or by default', () => {
    expect(marksStale('/', null)).toBe(false);
    expect(marksStale('/', 'de-DE')).toBe(false);
  });

  it('hides it on every other path, and at / for a visitor who chose English', () => {
    expect(marksStale('/order', null)).toBe(true);
    expect(marksStale('/legal/agb', 'de-DE')).toBe(true);
    expect(marksStale('/app/dashboard', null)).toBe(true);
    expect(marksStale('/', 'en-US')).toBe(true);
  });

  it('without storage (private mode that refuses it) decides by the path alone', () => {
    expect(marksStale('/', new Error('SecurityError'))).toBe(false);
    expect(marksStale('/order', new Error('SecurityError'))).toBe(true);
  });
});

describe.runIf(built)('the built index.html', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

  it('holds the German start page in the wrapper the guard hides: heading, text, call to action, header, footer', () => {
    const wrapper = /<div id="root"><div data-prerendered>([\s\S]*)<\/div><\/div>/.exec(html)?.[1] ?? '';
    expect(wrapper).toMatch(/<h1[^>]*>Ihr Ticket für ganz Deutschland<\/h1>/);
    expect(wrapper).toMatch(/<a [^>]*href="\/order"[^>]*>Jetzt bestellen<\/a>/);
    expect(wrapper).toContain('<header');
    expect(wrapper).toContain('<footer');
    expect(wrapper).toContain('href="/legal/agb"');
    // The price is loading at build time (src/prerender.tsx), never "cannot be shown".
    expect(wrapper).toMatch(/<h2 id="price-heading">Preis<\/h2><p aria-busy="true">Der aktuelle Preis wird geladen …<\/p>/);
  });

  it('runs the guard in the head, before the stylesheet (which would hold it back until loaded) and before the body', () => {
    const guard = html.indexOf(`<script>${prerenderGuard}</script>`);
    expect(guard).toBeGreaterThan(html.indexOf('<head>'));
    const stylesheet = html.indexOf('rel="stylesheet"');
    expect(stylesheet).toBeGreaterThan(guard);
    expect(html.indexOf('<body>')).toBeGreaterThan(guard);
  });

  it('links the stylesheets of the start page’s own chunks in the head, so the prerendered page paints styled (not restyled when its script has run)', () => {
    const { manifest, loadedWith } = builtChunks();
    const closure = new Set(Object.keys(manifest).filter((k) => k.startsWith('src/routes/index.tsx')).flatMap((key) => [...loadedWith(key)]));
    const css = [...closure].flatMap((key) => manifest[key]!.css ?? []);
    expect(css.length).toBeGreaterThan(0);
    const head = html.slice(0, html.indexOf('</head>'));
    for (const file of css) expect(head, file).toContain(`<link rel="stylesheet" crossorigin href="/${file}">`);
  });
});
