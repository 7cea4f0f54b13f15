import { screen } from '@testing-library/react';

import { TicketBarcodeImage } from '#src/flows/tickets/ticket-barcode-image';
import { renderUi } from '../ui/render-ui';

/**
 * A ticket whose code cannot be drawn (issue 29's faults): the screen says so, in the customer's
 * language, instead of failing the page; a drawable one is the image with its name.
 */
const label = 'Aztec code of ticket S-1 for Erika Mustermann, valid in November 2026';

describe('TicketBarcodeImage', () => {
  it('draws a ticket’s code as an image with its name', () => {
    renderUi(<TicketBarcodeImage content="SANDBOX-TICKET|S-1|deuti" label={label} />, { locale: 'en-US' });
    expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
  });

  it.each([
    ['en-US', 'The code of this ticket cannot be shown here. Please show the PDF ticket, or ask our customer service.'],
    ['de-DE', 'Der Code dieses Tickets kann hier nicht angezeigt werden. Bitte zeigen Sie das PDF-Ticket vor, oder fragen Sie unseren Kundenservice.'],
  ] as const)('a content too long for an Aztec code: the page stays and says why (%s)', (locale, message) => {
    renderUi(<TicketBarcodeImage content={'X'.repeat(5000)} label={label} />, { locale });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
