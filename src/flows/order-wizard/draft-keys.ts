/**
 * Where the wizard keeps its draft in sessionStorage (wizard-draft.ts). Apart, so the build's
 * prerender guard (src/start-up/prerender-guard.ts) can name the draft without the wizard's code.
 */
export const draftKey = 'portal.orderWizard';
export const entriesKey = 'portal.orderWizard.entries';
