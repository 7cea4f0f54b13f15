// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import mermaid from 'mermaid';

/**
 * The diagrams in docs/machines/ parse with Mermaid itself (the library the code host renders
 * them with), not only with the line forms diagrams.test.ts allows.
 */
const folder = path.resolve(import.meta.dirname, '../../docs/machines');
const pages = readdirSync(folder).filter((file) => file.endsWith('.md') && file !== 'README.md');

describe('machine diagrams parse with Mermaid', () => {
  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it.each(pages)('%s', async (page) => {
    const blocks = [...readFileSync(path.join(folder, page), 'utf8').matchAll(/```mermaid\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(blocks).toHaveLength(1);
    await expect(mermaid.parse(blocks[0]!)).resolves.toMatchObject({ diagramType: 'stateDiagram' });
  });

  it('would notice a broken diagram', async () => {
    await expect(mermaid.parse('stateDiagram-v2\n  state summary {\n  summary --> done\n')).rejects.toThrow();
  });
});
