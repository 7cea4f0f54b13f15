declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** A part of a catalog (src/start-up/catalog-parts.ts). */
declare module '*.po?part=start' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po?part=rest' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po?part=order' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
