import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';

import { ticketBarcodeDrawing } from './ticket-barcode';
import * as styles from './ticket-screen.css';

/**
 * The ticket's Aztec code on screen, for inspection from a phone: black on white, with its quiet
 * zone, at least 250 CSS pixels, as an image with a name (role="img"). Vector data rendered by
 * React: sharp at any zoom, and nothing the CSP must allow (no data: URI, no injected markup).
 */
export function TicketBarcodeImage({ content, label }: { content: string; label: string }) {
  const drawing = useMemo(() => {
    try {
      return ticketBarcodeDrawing(content);
    } catch {
      return undefined;
    }
  }, [content]);
  // A content the library cannot draw (too long, damaged): the ticket's data stays, the code says so.
  if (!drawing) {
    return (
      <p className={styles.barcodeFailed} role="alert">
        <Trans id="tickets:ticket.barcode.failed">The code of this ticket cannot be shown here. Please show the PDF ticket, or ask our customer service.</Trans>
      </p>
    );
  }
  return (
    <svg
      className={styles.barcode}
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      role="img"
      aria-label={label}
      data-testid="ticket-barcode"
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="100%" height="100%" fill="#FFFFFF" />
      <path d={drawing.path} fill="#000000" />
    </svg>
  );
}
