// @vitest-environment node
import { gzipSync } from 'node:zlib';

import { built, builtChunks } from './built';

/**
 * The barcode library (bwip-js, about 900 kB) is loaded only on the show-ticket screen: it is in the
 * chunk of /app/dashboard/ticket/$ticketId and in nothing the tickets list loads (its chunk and all
 * it imports, transitively). Of bwip-js it carries the Aztec encoder alone, without the other
 * symbologies and without the two fonts bwip-js embeds for human-readable text (an Aztec code has
 * none): with them the route's chunk was 242 KiB gzip, now it is within the 45 KiB each lazily
 * loaded file may have (issue 14). `npm test` builds first; `BUNDLE_DIR` checks another build folder.
 */

describe.runIf(built)('the show-ticket chunk', () => {
  const { code, loadedWith } = builtChunks();
  const bwip = 'azteccode';
  const list = 'src/routes/app/_signedIn/dashboard/tickets.tsx?tsr-split=component';
  const ticket = 'src/routes/app/_signedIn/dashboard/ticket/$ticketId.tsx?tsr-split=component';

  it('carries the barcode library', () => {
    expect([...loadedWith(ticket)].some((key) => code(key).includes(bwip))).toBe(true);
  });

  it('carries the Aztec encoder only, without bwip-js’s fonts, in at most 45 KiB gzip', () => {
    const [barcodeChunk, ...others] = [...loadedWith(ticket)].filter((key) => code(key).includes(bwip));
    expect(others).toEqual([]);
    const barcode = code(barcodeChunk!);
    // Messages of encoders the ticket does not use (bwip-js names its errors after the symbology).
    for (const other of ['qrcodeInputTooLarge', 'datamatrixTooMuchData', 'codeoneTooLong', 'missingCompositeComponent'])
      expect(barcode.includes(other), other).toBe(false);
    // The embedded TrueType fonts (OCR-A, OCR-B) as base64: every one starts with this header.
    expect(barcode.includes('AAEAAAAPAIAAAwBwRkZUTX'), 'an embedded font').toBe(false);
    expect(gzipSync(barcode, { level: 9 }).length).toBeLessThanOrEqual(45 * 1024);
  });

  it('is not loaded by the tickets list, nor by the app’s entry', () => {
    const listChunks = loadedWith(list);
    expect(listChunks.size).toBeGreaterThan(1);
    for (const key of listChunks) expect(code(key), key).not.toContain(bwip);
    expect(code('index.html')).not.toContain(bwip);
  });
});
