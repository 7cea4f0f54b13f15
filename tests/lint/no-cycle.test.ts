// @vitest-environment node
import path from 'node:path';

import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The cycles lint finds when `filePath` (a file of the repo) had `code`; the rest of the repo as it is on disk. */
async function cycles(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'house/no-cycle').map((m) => m.message);
}

describe('no import cycle in src/ and machines/ (eslint/no-cycle.js)', () => {
  it('finds the cycle the portal had: a flow importing the router’s types (router → route tree → screens → the flow)', async () => {
    const found = await cycles('src/flows/use-flow.ts', "import type { PortalRouter } from '#src/router';\nexport type R = PortalRouter;\n");
    expect(found).toEqual([
      expect.stringMatching(
        /^Import cycle \(type-only imports count\): src\/flows\/use-flow\.ts → src\/router\.tsx → src\/routeTree\.gen\.ts → .* → src\/flows\/use-flow\.ts\./,
      ),
    ]);
  });

  it('counts type-only, inline type and relative imports alike', async () => {
    const back = 'export type R = PortalRouter;\n';
    expect(await cycles('src/router-context.ts', `import type { PortalRouter } from './router';\n${back}`)).toHaveLength(1);
    expect(await cycles('src/router-context.ts', `import { type PortalRouter } from '#src/router';\n${back}`)).toHaveLength(1);
  });

  it('counts a re-export and a dynamic import', async () => {
    expect(await cycles('src/router-context.ts', "export { createPortalRouter } from './router';\n")).toHaveLength(1);
    expect(await cycles('src/router-context.ts', "export const load = () => import('./router');\n")).toHaveLength(1);
  });

  it('accepts the context types in their own module, and packages', async () => {
    expect(
      await cycles(
        'src/flows/use-flow.ts',
        "import type { PageContext } from '#src/router-context';\nimport { useState } from 'react';\nexport type C = PageContext;\nexport const s = useState;\n",
      ),
    ).toEqual([]);
  });
});
