// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm ci` refuses a lockfile in which a package's optional dependency is not recorded, even one for
 * another platform (rolldown's native bindings, nested under vite, were missing for every platform
 * but this one, so CI had to use `npm install`). This checks what `npm ci` checks: every optional
 * dependency of every locked package is itself locked where Node's resolution would find it.
 */

interface LockedPackage {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** The places Node looks for `name` from the package at `location` (its own node_modules, then each parent's). */
function candidates(location: string, name: string): string[] {
  const places: string[] = [];
  let base = location;
  for (;;) {
    places.push(base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`);
    if (base === '') return places;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('is a version 3 lockfile', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('records every optional dependency of every package, for every platform (what npm ci needs)', () => {
    const missing = Object.entries(lock.packages).flatMap(([location, locked]) =>
      Object.keys(locked.optionalDependencies ?? {})
        .filter((name) => !candidates(location, name).some((place) => place in lock.packages))
        .map((name) => `${location || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
