import type { ReactNode } from 'react';

/** What a screen shows while its data loads: one sentence, announced politely (`role="status"`). */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return <p role="status">{children}</p>;
}
