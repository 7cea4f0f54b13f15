/**
 * The house's import direction (docs/architecture.md#layers-and-the-import-direction), as one ESLint rule:
 * - machines/ is pure: xstate, other machines and src/domain/ only; no React, router, react-query,
 *   openapi-fetch, Lingui, OAuth library, and nothing else of src/. Type-only imports of the
 *   contract's generated types (openapi/) are fine: they vanish at build time.
 * - src/domain/ imports nothing of src/ outside itself, and no framework.
 * - a flow (src/flows/<flow>/) does not import another flow, nor a route.
 * - src/ui/ imports no flow and no route; src/api/ no flow, route or ui.
 * - src/forms/ (the form kit) imports no flow, no route and no API: forms get data from their flow.
 * - src/search/ (the routes' search schemas, in the entry chunk) imports no flow, route, ui, form or API.
 * - sandbox/ may share src/domain/ and openapi/, nothing else of src/.
 * - no barrel files: index.ts/index.tsx are not allowed in src/ and machines/ (routes excepted:
 *   there index.tsx is the file route of '/').
 */
import path from 'node:path';

const frameworkPackages = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^react-aria/,
  /^@tanstack\//,
  /^openapi-fetch$/,
  /^@lingui\//,
  /^oauth4webapi$/,
  /^@xstate\/react$/,
];

/** The layer of a repo-relative path, with the flow name for flows. */
function layerOf(relative) {
  const parts = relative.split('/');
  if (parts[0] === 'machines') return { layer: 'machines' };
  if (parts[0] === 'sandbox') return { layer: 'sandbox' };
  if (parts[0] === 'openapi') return { layer: 'openapi' };
  if (parts[0] !== 'src') return { layer: 'other' };
  if (parts[1] === 'flows') return { layer: 'flows', flow: parts.length > 3 ? parts[2] : undefined };
  if (['domain', 'ui', 'api', 'routes', 'auth', 'i18n', 'config', 'forms', 'search'].includes(parts[1] ?? '')) return { layer: parts[1] };
  return { layer: 'src' };
}

/** The path aliases of tsconfig.json and vite.config.ts: `#src/...` is `src/...` at the root. */
export const aliasPattern = /^#(src|machines|openapi|sandbox|tools)\//;

function problemFor(from, to, specifier, typeOnly = false) {
  const isRelative = specifier.startsWith('.') || aliasPattern.test(specifier);
  if (!isRelative) {
    if ((from.layer === 'machines' || from.layer === 'domain') && frameworkPackages.some((re) => re.test(specifier))) {
      return `${from.layer === 'machines' ? 'machines/' : 'src/domain/'} stays pure: no '${specifier}' here (inject it as an actor or keep it in src/flows/).`;
    }
    return undefined;
  }
  switch (from.layer) {
    case 'machines':
      if (to.layer === 'machines' || to.layer === 'domain') return undefined;
      if (to.layer === 'openapi' && typeOnly) return undefined;
      return "machines/ may import only other machines and src/domain/ (and the contract's types with `import type`).";
    case 'domain':
      if (to.layer === 'domain') return undefined;
      return 'src/domain/ imports nothing outside itself.';
    case 'flows':
      if (to.layer === 'flows' && to.flow && from.flow && to.flow !== from.flow) {
        return `one flow does not import another: '${from.flow}' imports '${to.flow}'. Move the shared part to src/domain/, src/api/ or src/ui/.`;
      }
      if (to.layer === 'routes') return 'a flow does not import a route.';
      return undefined;
    case 'ui':
      if (to.layer === 'flows' || to.layer === 'routes') return 'src/ui/ imports no flow and no route.';
      return undefined;
    case 'forms':
      if (['flows', 'routes', 'api'].includes(to.layer)) return 'src/forms/ imports no flow, route or API: a form gets its data from the flow that uses it.';
      return undefined;
    case 'api':
      if (['flows', 'routes', 'ui'].includes(to.layer)) return 'src/api/ imports no flow, route or ui.';
      return undefined;
    case 'search':
      if (['flows', 'routes', 'ui', 'forms', 'api'].includes(to.layer)) {
        return "src/search/ imports no flow, route, ui, form or API: the routes' search schemas are in the entry chunk.";
      }
      return undefined;
    case 'sandbox':
      if (to.layer === 'sandbox' || to.layer === 'domain' || to.layer === 'openapi' || to.layer === 'other') return undefined;
      return 'sandbox/ shares only src/domain/ and openapi/ with the portal.';
    default:
      return undefined;
  }
}

export const importDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforces the import direction of docs/architecture.md#layers-and-the-import-direction.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const filename = context.filename;
    const relative = path.relative(root, filename).split(path.sep).join('/');
    const from = layerOf(relative);

    function check(node, specifier, typeOnly = false) {
      if (typeof specifier !== 'string') return;
      const local = specifier.startsWith('.') || aliasPattern.test(specifier);
      const target = aliasPattern.test(specifier)
        ? specifier.slice(1)
        : specifier.startsWith('.')
          ? path
              .relative(root, path.resolve(path.dirname(filename), specifier))
              .split(path.sep)
              .join('/')
          : specifier;
      const message = problemFor(from, local ? layerOf(target) : { layer: 'package' }, specifier, typeOnly);
      if (message) context.report({ node, message });
    }

    return {
      Program(node) {
        const base = path.basename(filename);
        // routes/index.tsx is TanStack's file route for '/', not a barrel.
        if (!['other', 'openapi', 'routes'].includes(from.layer) && /^index\.tsx?$/.test(base)) {
          context.report({ node, message: 'No barrel files (index.ts): import the file you mean.' });
        }
      },
      ImportDeclaration(node) {
        const typeOnly = node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'));
        check(node, node.source.value, typeOnly);
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

export const housePlugin = { rules: { 'import-direction': importDirection } };
