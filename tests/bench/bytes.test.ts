// @vitest-environment node
import { defaultCatalogFiles, entryFilesOf, initialFilesOf, type Manifest, routeFiles } from '../../scripts/bench/bytes';

/** How the bench reads a page's initial JS from a build (scripts/bench/bytes.ts), on a made-up build. */
const html = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
</head><body><div id="root"></div></body></html>`;

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_vendor-b.js'], dynamicImports: ['src/routes/order.tsx?tsr-split=component', 'locales/de-DE/messages.po'] },
  '_vendor-b.js': { file: 'assets/vendor-b.js' },
  'src/routes/order.tsx?tsr-split=component': { file: 'assets/order-d.js', isDynamicEntry: true, imports: ['_form-e.js', '_vendor-b.js'], dynamicImports: ['src/flows/step-f.tsx'] },
  'src/routes/order.tsx?tsr-split=loader': { file: 'assets/order-loader-g.js', isDynamicEntry: true },
  'src/routes/order-other.tsx?tsr-split=component': { file: 'assets/order-other-h.js', isDynamicEntry: true },
  '_form-e.js': { file: 'assets/form-e.js', imports: ['_deep-i.js'] },
  '_deep-i.js': { file: 'assets/deep-i.js' },
  'src/flows/step-f.tsx': { file: 'assets/step-f.js', isDynamicEntry: true },
  'locales/de-DE/messages.po': { file: 'assets/messages-de.js', src: 'locales/de-DE/messages.po', isDynamicEntry: true },
  'locales/en-US/messages.po': { file: 'assets/messages-en.js', src: 'locales/en-US/messages.po', isDynamicEntry: true },
};

describe('initial JS of a page', () => {
  it('reads the entry, its modulepreloads and its CSS from index.html', () => {
    expect(entryFilesOf(html)).toEqual({ js: ['assets/index-a.js', 'assets/vendor-b.js'], css: ['assets/index-c.css'] });
  });

  it("takes every split chunk of the route and their static imports, not the route's lazy imports nor a route whose name only starts alike", () => {
    expect(routeFiles(manifest, 'order.tsx').sort()).toEqual(['assets/deep-i.js', 'assets/form-e.js', 'assets/order-d.js', 'assets/order-loader-g.js', 'assets/vendor-b.js']);
  });

  it('adds the German catalog once, and the entry files once', () => {
    expect(defaultCatalogFiles(manifest)).toEqual(['assets/messages-de.js']);
    const files = initialFilesOf(html, manifest, ['order.tsx']);
    expect(files.sort()).toEqual(['assets/deep-i.js', 'assets/form-e.js', 'assets/index-a.js', 'assets/messages-de.js', 'assets/order-d.js', 'assets/order-loader-g.js', 'assets/vendor-b.js']);
    expect(files).not.toContain('assets/step-f.js');
    expect(files).not.toContain('assets/messages-en.js');
  });
});
