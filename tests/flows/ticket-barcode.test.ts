// @vitest-environment node
import { barcodeSvg, ticketBarcodeDrawing } from '#src/flows/tickets/ticket-barcode';
import { decodeAztec, rasterizeBarcodeSvg } from '../support/aztec';

/**
 * The show-ticket screen's barcode: what it draws is an Aztec code a scanner reads back as the
 * ticket's barcode content, unchanged (umlauts, separators, the signature). The comparison with the
 * PDF's own code is in tests/sandbox/ticket-pdf.test.ts, the on-screen check in e2e/tickets.spec.ts.
 */
const content = 'SANDBOX-TICKET|S-A100001-202603|S-A100001|deuti|2026-03-01|2026-03-31|Groß-Müller|Jürgen|1970-01-31|AbC_dEf-123456xy';

describe('ticketBarcodeDrawing', () => {
  it('draws an Aztec code that decodes to the content', () => {
    const drawing = ticketBarcodeDrawing(content);
    const { luminance, width, height } = rasterizeBarcodeSvg(barcodeSvg(drawing), 0.5);
    expect(decodeAztec(luminance, width, height)).toBe(content);
  });

  it('keeps a white quiet zone of 4 modules around the symbol', () => {
    const drawing = ticketBarcodeDrawing(content);
    const { luminance, width } = rasterizeBarcodeSvg(barcodeSvg(drawing), 0.5);
    const firstDark = luminance.indexOf(0);
    const row = Math.floor(firstDark / width);
    // bwip-js at scale 1 draws a module 1 unit wide: 4 modules = 4 units = 8 pixels at step 0.5.
    expect(row).toBeGreaterThanOrEqual(8);
    expect(luminance.slice(0, width * 8).every((pixel) => pixel === 255)).toBe(true);
    expect(drawing.path).toMatch(/^M[\d. L]+/);
  });

  it('a different content draws a different code', () => {
    expect(ticketBarcodeDrawing(`${content}x`).path).not.toBe(ticketBarcodeDrawing(content).path);
  });
});
