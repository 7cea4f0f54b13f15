/**
 * The bench's floor (npm run bench, docs/guides/performance.md): React and react-dom rendering what
 * a start page has at least, a heading and a paragraph, built with the portal's Vite and React
 * plugin for the same target. Every figure of the portal is set beside this page's.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Floor() {
  return (
    <main>
      <h1>Ihr Deutschlandticket im Abo</h1>
      <p>Bestellen Sie Ihr Ticket in wenigen Schritten und verwalten Sie Ihr Abonnement online.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Floor />
  </StrictMode>,
);
