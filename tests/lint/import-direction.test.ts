// @vitest-environment node
import path from 'node:path';

import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'house/import-direction' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
}

describe('import direction (docs/architecture.md#layers-and-the-import-direction) is enforced by lint', () => {
  it('refuses React in a machine', async () => {
    expect(await problems('machines/demo/demo.machine.ts', "import { useState } from 'react';\nexport const x = useState;\n")).toHaveLength(1);
  });

  it('refuses fetch and window in a machine', async () => {
    expect(await problems('machines/demo/demo.machine.ts', 'export const x = () => fetch(window.location.href);\n')).toHaveLength(2);
  });

  it('refuses src/api in a machine but allows src/domain', async () => {
    expect(await problems('machines/demo/demo.machine.ts', "import { dataOf } from '#src/api/failure';\nexport const x = dataOf;\n")).toHaveLength(1);
    expect(await problems('machines/demo/demo.machine.ts', "import { products } from '#src/domain/product';\nexport const x = products;\n")).toEqual([]);
  });

  it('lets a machine import the contract’s generated types, type-only', async () => {
    expect(await problems('machines/demo/demo.machine.ts', "import type { components } from '#openapi/schema.gen';\nexport type Q = components;\n")).toEqual(
      [],
    );
    expect(await problems('machines/demo/demo.machine.ts', "import { type components } from '#openapi/schema.gen';\nexport type Q = components;\n")).toEqual(
      [],
    );
    expect(await problems('machines/demo/demo.machine.ts', "import { paths } from '#openapi/schema.gen';\nexport const q = paths;\n")).toHaveLength(1);
  });

  it('reads relative paths and the path aliases alike', async () => {
    expect(await problems('machines/demo/demo.machine.ts', "import { dataOf } from '../../src/api/failure';\nexport const x = dataOf;\n")).toHaveLength(1);
    expect(await problems('src/domain/price.ts', "import { formatPrice } from '#src/i18n/format';\nexport const y = formatPrice;\n")).toHaveLength(1);
    expect(await problems('sandbox/handlers/demo.ts', "import { products } from '#src/domain/product';\nexport const y = products;\n")).toEqual([]);
    expect(await problems('sandbox/handlers/demo.ts', "import { Button } from '#src/ui/button';\nexport const y = Button;\n")).toHaveLength(1);
  });

  it('refuses one flow importing another', async () => {
    const found = await problems('src/flows/order-wizard/actors.ts', "import { x } from '../payment/actors';\nexport const y = x;\n");
    expect(found).toEqual([expect.stringContaining("'order-wizard' imports 'payment'")]);
    expect(await problems('src/flows/order-wizard/actors.ts', "import { x } from './steps';\nexport const y = x;\n")).toEqual([]);
  });

  it('refuses src/ui importing a route or a flow', async () => {
    expect(await problems('src/ui/button.tsx', "import { Route } from '../routes/index';\nexport const y = Route;\n")).toHaveLength(1);
    expect(await problems('src/ui/button.tsx', "import { a } from '../flows/payment/actors';\nexport const y = a;\n")).toHaveLength(1);
  });

  it('refuses the form kit importing a flow, a route or the API', async () => {
    expect(await problems('src/forms/text-field.tsx', "import { x } from '#src/flows/payment/payment.actors';\nexport const y = x;\n")).toHaveLength(1);
    expect(await problems('src/forms/text-field.tsx', "import { createApiClient } from '#src/api/client';\nexport const y = createApiClient;\n")).toHaveLength(
      1,
    );
    expect(await problems('src/forms/text-field.tsx', "import { Button } from '#src/ui/button';\nexport const y = Button;\n")).toEqual([]);
  });

  it('keeps the search schemas free of screens, forms and the API (they are in the entry chunk)', async () => {
    expect(
      await problems('src/search/demo.ts', "import { TicketsList } from '#src/flows/tickets/tickets-list';\nexport const y = TicketsList;\n"),
    ).toHaveLength(1);
    expect(await problems('src/search/demo.ts', "import { Button } from '#src/ui/button';\nexport const y = Button;\n")).toHaveLength(1);
    expect(await problems('src/search/demo.ts', "import { dataOf } from '#src/api/failure';\nexport const y = dataOf;\n")).toHaveLength(1);
    expect(
      await problems(
        'src/search/demo.ts',
        "import type { StepId } from '#machines/order-wizard/order-wizard.types';\nimport { products } from '#src/domain/product';\nexport type S = StepId;\nexport const y = products;\n",
      ),
    ).toEqual([]);
  });

  it('refuses src/domain importing the rest of src', async () => {
    expect(await problems('src/domain/price.ts', "import { formatPrice } from '../i18n/format';\nexport const y = formatPrice;\n")).toHaveLength(1);
  });

  it('refuses barrel files', async () => {
    expect(await problems('src/ui/index.ts', "export * from './button';\n")).toEqual([expect.stringContaining('No barrel files')]);
  });
});
