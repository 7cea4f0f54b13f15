// @vitest-environment node
import { defaultCatalogFiles, entryFilesOf, initialFilesOf, type Manifest, routeFiles } from '../../scripts/page-files';

/** How the bench reads the files of a page from a build (scripts/page-files.ts), on a made-up build. */
const html = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
</head><body><div id="root"></div></body></html>`;

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_vendor-b.js'],
    dynamicImports: ['src/routes/order.tsx?tsr-split=component', 'locales/de-DE/messages.po'],
  },
  '_vendor-b.js': { file: 'assets/vendor-b.js' },
  'src/routes/order.tsx?tsr-split=component': {
    file: 'assets/order-d.js',
    isDynamicEntry: true,
    imports: ['_form-e.js', '_vendor-b.js'],
    dynamicImports: ['src/flows/step-f.tsx'],
  },
  'src/routes/order.tsx?tsr-split=loader': { file: 'assets/order-loader-g.js', isDynamicEntry: true },
  'src/routes/order-other.tsx?tsr-split=component': { file: 'assets/order-other-h.js', isDynamicEntry: true },
  '_form-e.js': { file: 'assets/form-e.js', imports: ['_deep-i.js'] },
  '_deep-i.js': { file: 'assets/deep-i.js' },
  'src/flows/step-f.tsx': { file: 'assets/step-f.js', isDynamicEntry: true },
  'locales/de-DE/messages.po?part=start': { file: 'assets/messages-de-start.js', src: 'locales/de-DE/messages.po?part=start', isDynamicEntry: true },
  'locales/de-DE/messages.po?part=order': { file: 'assets/messages-de-order.js', src: 'locales/de-DE/messages.po?part=order', isDynamicEntry: true },
  'locales/de-DE/messages.po?part=rest': { file: 'assets/messages-de-rest.js', src: 'locales/de-DE/messages.po?part=rest', isDynamicEntry: true },
  'locales/en-US/messages.po?part=start': { file: 'assets/messages-en.js', src: 'locales/en-US/messages.po?part=start', isDynamicEntry: true },
  'src/flows/first-step.tsx': { file: 'assets/first-step-j.js', isDynamicEntry: true, imports: ['_deep-i.js', '_select-k.js'] },
  '_select-k.js': { file: 'assets/select-k.js' },
};

describe('initial JS of a page', () => {
  it('reads the entry, its modulepreloads and its CSS from index.html', () => {
    expect(entryFilesOf(html)).toEqual({ js: ['assets/index-a.js', 'assets/vendor-b.js'], css: ['assets/index-c.css'] });
  });

  it("takes every split chunk of the route and their static imports, not the route's lazy imports nor a route whose name only starts alike", () => {
    expect(routeFiles(manifest, 'order.tsx').sort()).toEqual([
      'assets/deep-i.js',
      'assets/form-e.js',
      'assets/order-d.js',
      'assets/order-loader-g.js',
      'assets/vendor-b.js',
    ]);
  });

  it("adds the German catalog's parts the page waits for: the start page its start part, /order start and order, others all", () => {
    expect(defaultCatalogFiles(manifest, 'start')).toEqual(['assets/messages-de-start.js']);
    expect(defaultCatalogFiles(manifest, 'order')).toEqual(['assets/messages-de-start.js', 'assets/messages-de-order.js']);
    expect(defaultCatalogFiles(manifest, 'all')).toEqual(['assets/messages-de-start.js', 'assets/messages-de-order.js', 'assets/messages-de-rest.js']);
    expect(initialFilesOf(html, manifest, { routes: [], catalog: 'start' }).sort()).toEqual([
      'assets/index-a.js',
      'assets/messages-de-start.js',
      'assets/vendor-b.js',
    ]);
  });

  it('adds what the loader awaits with its static imports, each file once, no later lazy chunk and no other language', () => {
    const files = initialFilesOf(html, manifest, { routes: ['order.tsx'], awaits: ['first-step'], catalog: 'all' });
    expect(files.sort()).toEqual([
      'assets/deep-i.js',
      'assets/first-step-j.js',
      'assets/form-e.js',
      'assets/index-a.js',
      'assets/messages-de-order.js',
      'assets/messages-de-rest.js',
      'assets/messages-de-start.js',
      'assets/order-d.js',
      'assets/order-loader-g.js',
      'assets/select-k.js',
      'assets/vendor-b.js',
    ]);
    expect(files).not.toContain('assets/step-f.js');
    expect(files).not.toContain('assets/messages-en.js');
  });
});
