import axe from 'axe-core';

interface AxeWindow {
  document: Document;
  eval(code: string): unknown;
  axe: typeof axe;
  close(): void;
}

/**
 * axe-core (WCAG 2.x A/AA and best practices) on a page of the sandbox's own (sign-in, payment),
 * in jsdom. Colour contrast needs a real browser: the browser tests check that.
 */
export async function axeViolations(html: string): Promise<string[]> {
  const { JSDOM, VirtualConsole } = (await import('jsdom' as string)) as {
    JSDOM: new (html: string, options: object) => { window: AxeWindow };
    VirtualConsole: new () => object;
  };
  // A silent console: jsdom's "canvas not implemented" notes are not findings.
  const { window } = new JSDOM(html, { runScripts: 'outside-only', pretendToBeVisual: true, virtualConsole: new VirtualConsole() });
  window.eval(axe.source);
  const results = await window.axe.run(window.document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  });
  window.close();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}
