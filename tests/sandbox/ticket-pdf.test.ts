// @vitest-environment node
import { inflateSync } from 'node:zlib';

import type { components } from '#openapi/schema.gen';
import { seededOrders } from '#sandbox/seed/ids';
import { renderTicketPdf, ticketBarcodeText, type TicketPdfData } from '#sandbox/tickets/ticket-pdf';
import { createTestSandbox, type TestClient } from './harness';

/**
 * The PDF ticket (downloadTicketPdf): a real PDF whose page shows the holder, the validity month,
 * the subscription number and the product, with an Aztec code as an embedded image. The text is
 * read the way a PDF reader does: the page's content streams are inflated and the strings of their
 * text operators decoded.
 */

const sample: TicketPdfData = {
  ticketNumber: 'S-A100001-202603',
  subscriptionNumber: 'S-A100001',
  product: 'deuti',
  validFrom: '2026-03-01',
  validUntil: '2026-03-31',
  holder: { firstName: 'Jürgen', lastName: 'Groß-Müller', birthdate: '1970-01-31' },
  companyName: null,
};

/** The streams of a PDF, inflated where they are Flate-compressed. */
function streams(pdf: Buffer): Buffer[] {
  const result: Buffer[] = [];
  const text = pdf.toString('latin1');
  const pattern = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    result.push(match[1]!.includes('/FlateDecode') ? inflateSync(raw) : raw);
  }
  return result;
}

/**
 * The text a content stream shows: the hex strings of each TJ array (pdfkit writes text as
 * `[<hex> kerning <hex>] TJ` in the standard fonts' WinAnsi encoding), one line per operator.
 */
function shownText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of streams(pdf)) {
    const content = stream.toString('latin1');
    for (const [, array] of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      const hexes = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
      lines.push(hexes.join(''));
    }
  }
  return lines.join('\n');
}

/** The embedded images: their dictionaries (width, height, colour space, soft mask). */
function images(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map((m) => m[0]);
}

/**
 * The Aztec code's image (pdfkit keeps a PNG's transparency as a second, soft-mask image, referenced
 * by the first with /SMask): present, and square, as an Aztec symbol is.
 */
function expectSquareBarcode(pdf: Buffer): void {
  const all = images(pdf);
  const image = all.find((dictionary) => dictionary.includes('/SMask')) ?? all[0];
  expect(image).toBeDefined();
  const width = /\/Width (\d+)/.exec(image!)?.[1];
  const height = /\/Height (\d+)/.exec(image!)?.[1];
  expect(Number(width)).toBeGreaterThan(50);
  expect(width).toBe(height);
}

describe('ticket PDF (rendered directly)', () => {
  it('is a PDF with the holder, validity month, subscription number, product and an Aztec image', async () => {
    const pdf = Buffer.from(await renderTicketPdf(sample, { secret: 'test-secret', compress: false }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = shownText(pdf);
    expect(text).toContain('Jürgen Groß-Müller');
    expect(text).toContain('31.01.1970');
    expect(text).toContain('März 2026 (01.03.2026 - 31.03.2026)');
    expect(text).toContain('S-A100001');
    expect(text).toContain('S-A100001-202603');
    expect(text).toContain('Deutschlandticket');
    expect(text).toContain('not a valid ticket');
    expectSquareBarcode(pdf);
  });

  it('names the employer or university of joti and seti tickets', async () => {
    const pdf = Buffer.from(await renderTicketPdf({ ...sample, product: 'seti', companyName: 'Universität Musterstadt' }, { secret: 's', compress: false }));
    const text = shownText(pdf);
    expect(text).toContain('Hochschule / University');
    expect(text).toContain('Universität Musterstadt');
    expect(text).toContain('Deutschlandsemesterticket');
  });

  it('signs the barcode content: it holds the ticket and holder, and another secret signs differently', () => {
    const content = ticketBarcodeText(sample, 'one');
    expect(content).toContain('S-A100001-202603');
    expect(content).toContain('Groß-Müller|Jürgen|1970-01-31');
    expect(content.split('|').slice(0, -1)).toEqual(ticketBarcodeText(sample, 'two').split('|').slice(0, -1));
    expect(content).not.toBe(ticketBarcodeText(sample, 'two'));
  });
});

describe('ticket PDF (downloadTicketPdf)', () => {
  let client: TestClient;
  let context: Awaited<ReturnType<typeof createTestSandbox>>;

  beforeAll(async () => {
    context = await createTestSandbox();
    client = context.newClient();
    await client.signInAs('deuti@example.com');
  });
  afterAll(() => context.sandbox.close());

  /** The download as bytes (the harness's client reads bodies as text). */
  async function download(path: string): Promise<Response> {
    const cookie = [...client.jar.entries()]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    return context.sandbox.app.request(path, { headers: { Cookie: cookie, Accept: 'application/pdf' } });
  }

  it('answers the compressed PDF of the current ticket, whose pages show its data', async () => {
    const list = await client.get('/api/dashboard/v1/tickets?validity=current');
    const ticket = (list.body as components['schemas']['Ticket'][]).find((t) => t.subscriptionId === seededOrders.deutiActive.subscriptionId)!;
    expect(ticket).toBeDefined();

    const response = await download(`/api/subscription/v2/tickets/${ticket.id}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="ticket-${ticket.ticketNumber}.pdf"`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Compressed: the name is not in the raw bytes, only in the inflated content stream.
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pdf.toString('latin1')).not.toContain(Buffer.from('Erika Mustermann', 'latin1').toString('hex'));
    const text = shownText(pdf);
    expect(text).toContain('Erika Mustermann');
    expect(text).toContain(seededOrders.deutiActive.subscriptionNumber);
    expect(text).toContain(ticket.ticketNumber);
    const month = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' }).format(new Date(`${ticket.validFrom}T12:00:00`));
    expect(text).toContain(month);
    expectSquareBarcode(pdf);
  });

  it('refuses an expired ticket (ticketNotDownloadable) and a stranger’s (404)', async () => {
    const expired = (await client.get('/api/dashboard/v1/tickets?validity=expired')).body as components['schemas']['Ticket'][];
    expect(expired.length).toBeGreaterThan(0);
    const refused = await client.get(`/api/subscription/v2/tickets/${expired[0]!.id}/download`);
    expect(refused.status).toBe(400);
    expect((refused.body as components['schemas']['Problem']).code).toBe('ticketNotDownloadable');

    const stranger = context.newClient();
    await stranger.signInAs('seti@example.com');
    expect((await stranger.get(`/api/subscription/v2/tickets/${expired[0]!.id}/download`)).status).toBe(404);
  });
});
