// @vitest-environment node
import type { components } from '#openapi/schema.gen';
import { seededOrders } from '#sandbox/seed/ids';

/**
 * pdfkit and bwip-js load with the first PDF download, not with the sandbox (issue 14: they were
 * some 40 MB of the sandbox's memory at its first answer). The mocks only note that a module was
 * imported and hand out the real one. Test files share their modules (vitest.config's `isolate:
 * false`), so the sandbox is imported afresh here, after another file may have rendered a PDF.
 */
const imported = vi.hoisted(() => new Set<string>());
vi.mock('pdfkit', async (importOriginal) => {
  imported.add('pdfkit');
  return importOriginal();
});
vi.mock('bwip-js/node', async (importOriginal) => {
  imported.add('bwip-js');
  return importOriginal();
});

describe('the ticket PDF libraries', () => {
  it('are imported on the first PDF download, not when the sandbox starts and answers', async () => {
    vi.resetModules();
    const { createTestSandbox } = await import('./harness');
    const context = await createTestSandbox();
    try {
      const client = context.newClient();
      await client.signInAs('deuti@example.com');
      const list = await client.get('/api/dashboard/v1/tickets?validity=current');
      const ticket = (list.body as components['schemas']['Ticket'][]).find((t) => t.subscriptionId === seededOrders.deutiActive.subscriptionId)!;
      expect(imported).toEqual(new Set());

      const cookie = [...client.jar.entries()].map(([name, c]) => `${name}=${c.value}`).join('; ');
      const response = await context.sandbox.app.request(`/api/subscription/v2/tickets/${ticket.id}/download`, {
        headers: { Cookie: cookie, Accept: 'application/pdf' },
      });
      expect(response.status).toBe(200);
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
      expect(imported).toEqual(new Set(['pdfkit', 'bwip-js']));
    } finally {
      context.sandbox.close();
    }
  });
});
