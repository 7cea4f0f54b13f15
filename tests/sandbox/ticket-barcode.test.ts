// @vitest-environment node
import type { components } from '#openapi/schema.gen';
import { seededOrders } from '#sandbox/seed/ids';
import { barcodeSvg, ticketBarcodeDrawing } from '#src/flows/tickets/ticket-barcode';
import { decodeAztec, pdfImages, rasterizeBarcodeSvg } from '../support/aztec';
import { createTestSandbox, type TestClient } from './harness';

type Ticket = components['schemas']['Ticket'];

/**
 * The ticket's barcode content (Ticket.barcode, designed for the show-ticket screen) is what the
 * PDF's Aztec code carries: a scanner reading the PDF's image reads the API's `barcode`, and the
 * portal's drawing of `barcode` reads the same.
 */
describe('Ticket.barcode and the PDF’s Aztec code', () => {
  let context: Awaited<ReturnType<typeof createTestSandbox>>;
  let client: TestClient;
  beforeAll(async () => {
    context = await createTestSandbox();
    client = context.client;
    await client.signInAs('deuti@example.com');
  });
  afterAll(() => context.sandbox.close());

  async function pdfOf(ticketId: string): Promise<Buffer> {
    const response = await context.sandbox.app.request(`/api/subscription/v2/tickets/${ticketId}/download`, {
      headers: { Cookie: client.cookieHeader(), Accept: 'application/pdf' },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('the list and the ticket carry the same barcode content, which the PDF’s code holds', async () => {
    const list = (await client.get('/api/dashboard/v1/tickets?validity=current')).body as Ticket[];
    const listed = list.find((ticket) => ticket.subscriptionId === seededOrders.deutiActive.subscriptionId)!;
    const ticket = (await client.get(`/api/subscription/v2/tickets/${listed.id}`)).body as Ticket;
    expect(ticket.barcode).toBe(listed.barcode);
    expect(ticket.barcode).toMatch(new RegExp(`^SANDBOX-TICKET\\|${ticket.ticketNumber}\\|${ticket.subscriptionNumber}\\|deuti\\|`));

    // pdfkit keeps the PNG's alpha as a second, grey soft-mask image: the code is the one that names its mask.
    const [image] = pdfImages(await pdfOf(ticket.id)).filter((candidate) => candidate.hasMask);
    expect(image).toBeDefined();
    expect(decodeAztec(image!.luminance, image!.width, image!.height)).toBe(ticket.barcode);

    const drawn = rasterizeBarcodeSvg(barcodeSvg(ticketBarcodeDrawing(ticket.barcode)), 0.5);
    expect(decodeAztec(drawn.luminance, drawn.width, drawn.height)).toBe(ticket.barcode);
  });

  it('another customer’s ticket is not found, barcode and all', async () => {
    const list = (await client.get('/api/dashboard/v1/tickets')).body as Ticket[];
    const stranger = context.newClient();
    await stranger.signInAs('seti@example.com');
    expect((await stranger.get(`/api/subscription/v2/tickets/${list[0]!.id}`)).status).toBe(404);
  });
});
