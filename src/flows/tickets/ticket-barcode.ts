import { azteccode, drawingSVG } from 'bwip-js/browser';

/**
 * The ticket's 2D code as the PDF carries it (sandbox/tickets/ticket-pdf.ts: an Aztec code made
 * with bwip-js), drawn as vector data for the show-ticket screen. bwip-js's SVG is a viewBox, a
 * white background and one path; the screen renders those as React elements, so no markup is
 * injected and no data: URI is needed (the CSP's img-src stays 'self').
 *
 * This module is imported only by the show-ticket route, so bwip-js is in that route's chunk and
 * not in the tickets list's (tests/build/ticket-chunks.test.ts). It imports the Aztec encoder by
 * name (`azteccode` with the `drawingSVG` drawing) rather than `toSVG`, which looks the symbology
 * up at run time and so keeps all of bwip-js's 100-odd encoders: the route's chunk went from 242 to
 * 52 KiB gzip. The two fonts bwip-js registers when it loads (for human-readable text, which an
 * Aztec code has none of) are dropped by the build (vite.config.ts, `manualPureFunctions`): 32 KiB.
 */
export interface BarcodeDrawing {
  /** The drawing's size in its own units (a square for an Aztec code), quiet zone included. */
  size: number;
  /** The dark modules as one SVG path (nonzero fill). */
  path: string;
}

/** Quiet zone around the symbol, in modules (ISO/IEC 24778 needs none; scanners read faster with one). */
const quietZone = 4;

export function ticketBarcodeDrawing(content: string): BarcodeDrawing {
  const svg = azteccode(
    { bcid: 'azteccode', text: content, scale: 1, paddingwidth: quietZone, paddingheight: quietZone, backgroundcolor: 'FFFFFF' },
    drawingSVG(),
  );
  const size = /viewBox="0 0 ([\d.]+) [\d.]+"/.exec(svg)?.[1];
  const path = [...svg.matchAll(/<path[^>]* d="([^"]+)"/g)].map((match) => match[1]).join('');
  if (!size || !path) throw new Error('bwip-js drew no Aztec code');
  return { size: Number(size), path };
}

/** The drawing as a standalone SVG document (what the tests rasterize and decode). */
export function barcodeSvg({ size, path }: BarcodeDrawing): string {
  return `<svg viewBox="0 0 ${size} ${size}" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#FFFFFF" /><path d="${path}" fill="#000000" /></svg>`;
}
