// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// docs/SPEC.md is a verbatim copy of the shared specification, so that the contract tests work in a
// clone that has no ../shared beside it. Where the shared file exists, the copy must not drift.
const root = path.resolve(import.meta.dirname, '../..');
const copyPath = path.join(root, 'docs/SPEC.md');
const sharedPath = path.resolve(root, '../shared/SPEC.md');

describe('docs/SPEC.md', () => {
  const copy = readFileSync(copyPath, 'utf8');

  it('has content and the section 7 heading', () => {
    expect(copy.trim().length).toBeGreaterThan(0);
    expect(copy).toMatch(/^## 7\. The calls it makes$/m);
  });

  it(`is identical to ${path.relative(root, sharedPath)} when that file exists`, () => {
    if (existsSync(sharedPath)) {
      // Compare the text first for a readable diff, then the bytes for line endings and the BOM.
      const shared = readFileSync(sharedPath);
      expect(copy, 'docs/SPEC.md differs from ../shared/SPEC.md: copy it again').toBe(shared.toString('utf8'));
      expect(readFileSync(copyPath).equals(shared)).toBe(true);
    } else {
      // Outside the shared workspace there is nothing to compare with; the copy must still be a spec.
      expect(copy).toMatch(/^### 7\.1 Orders$/m);
    }
  });
});
