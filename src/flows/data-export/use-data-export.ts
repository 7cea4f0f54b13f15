import { selectDataExportView } from '#machines/data-export/data-export.selectors';
import { useFlow } from '#src/flows/use-flow';
import { type KeptTicketsReader, provideDataExport } from './data-export.actors';

/** The data export flow: its view, and `send` for the screen's events. `keptTickets` reads what the device keeps when that part is collected. */
export function useDataExport(keptTickets: KeptTicketsReader) {
  return useFlow((services) => provideDataExport(services, keptTickets), { select: selectDataExportView });
}
