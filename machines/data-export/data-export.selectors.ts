import type { SnapshotFrom } from 'xstate';

import { type CollectedParts, type DataExportPart, type dataExportMachine, dataExportParts } from './data-export.machine';

/** Snapshot → the view of the data export screen. The screen renders this, nothing else. */

type DataExportSnapshot = SnapshotFrom<typeof dataExportMachine>;

export type DataExportView =
  /** What the export holds; the start button. */
  | { step: 'idle' }
  /** How far the collection is: `collected` of `total` parts. */
  | { step: 'collecting'; collected: number; total: number; current: DataExportPart }
  /** A part failed: its name and a retry; no file. */
  | { step: 'failed'; failedPart: DataExportPart; collected: number; total: number; canRetry: boolean }
  /** Every part is there: the file and the readable version. */
  | { step: 'ready'; parts: CollectedParts };

export function selectDataExportView(snapshot: DataExportSnapshot): DataExportView {
  const { context } = snapshot;
  const total = dataExportParts.length;
  if (snapshot.matches('collecting')) return { step: 'collecting', collected: context.collected, total, current: dataExportParts[context.collected]! };
  if (snapshot.matches('failed') && context.failedPart) {
    return { step: 'failed', failedPart: context.failedPart, collected: context.collected, total, canRetry: snapshot.can({ type: 'export.retry' }) };
  }
  if (snapshot.matches('ready')) return { step: 'ready', parts: context.parts as CollectedParts };
  return { step: 'idle' };
}
