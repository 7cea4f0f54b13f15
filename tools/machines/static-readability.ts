import ts from 'typescript';

/**
 * Whether a machine file is "visualizer-ready" (issue 6, item 1; docs/architecture.md#layers-and-the-import-direction): a static
 * `setup({...}).createMachine({...})` that the Stately visualizer and its VS Code extension read as
 * it is, without running it. A pure function from source text to problems; the test runs it on
 * every `machines/**\/*.machine.ts`.
 *
 * The rules, as the machines use them:
 * - One exported `setup({...}).createMachine({...})` a file (`export const x = ...` or
 *   `export default ...`), with one object literal as the configuration and no bare `createMachine`.
 * - The configuration is literal: no spread (`...x`), no computed key (`[x]: ...`), no shorthand
 *   (`{ x }`), no variable or call where a state, transition or name belongs.
 * - `id`, `initial`, `type`, `description`, `target`, `src` and invoke ids are string literals;
 *   `states` and `on` are object literals of object literals / transitions.
 * - Implementations are referenced by name and declared in `setup({...})`:
 *   - guards: `'name'`, `{ type: 'name', params }`, or xstate's `and([...])`, `or([...])`,
 *     `not(...)` over those (and `stateIn(...)`);
 *   - actions (`actions`, `entry`, `exit`): `'name'`, `{ type: 'name', params }`, an array of those,
 *     or a call of one of xstate's built-in action creators (`assign`, `raise`, `sendTo`, ...:
 *     the visualizer shows them as `xstate.assign` etc.; what they get as arguments is free);
 *   - actors: `src: 'name'`; delays in `after`: a number of milliseconds or a name.
 * - Inline functions are allowed only as mappers: `input`, `params`, `context` and `output` (and
 *   as arguments of the built-in action creators). Everywhere else a function is a problem.
 * - Every state node, the root included, has a literal `description` and
 *   `meta: { spec: 'SPEC.md <section>...' }`; other meta values are literals (or a top-level
 *   `const` of the file with a literal value). With `specSections`, every SPEC.md section named
 *   must exist.
 */

export interface Problem {
  /** 1-based line and column of the offending node. */
  line: number;
  column: number;
  /** Where in the configuration, e.g. `states.summary.on['order.submit'][0].guard`. */
  path: string;
  message: string;
}

export interface CheckOptions {
  /** Shown in the messages only. */
  fileName?: string;
  /** The section numbers SPEC.md has (`specSectionsOf`); when given, meta.spec references are checked. */
  specSections?: ReadonlySet<string>;
}

/** xstate's built-in action creators: called inline, they show as `xstate.<name>` in the visualizer. */
const builtInActions = new Set(['assign', 'raise', 'sendTo', 'sendParent', 'log', 'emit', 'cancel', 'stopChild', 'spawnChild', 'forwardTo']);
const guardHelpers = new Set(['and', 'or', 'not', 'stateIn']);

const stateNodeKeys = new Set([
  'id',
  'description',
  'meta',
  'type',
  'initial',
  'states',
  'on',
  'always',
  'after',
  'invoke',
  'entry',
  'exit',
  'tags',
  'history',
  'target',
  'onDone',
  'output',
]);
const rootOnlyKeys = new Set(['context', 'version']);
const transitionKeys = new Set(['target', 'guard', 'actions', 'reenter', 'description', 'meta']);
const invokeKeys = new Set(['id', 'src', 'input', 'systemId', 'onDone', 'onError', 'onSnapshot']);
const stateTypes = new Set(['atomic', 'compound', 'parallel', 'final', 'history']);
const setupSections = ['actors', 'actions', 'guards', 'delays'] as const;
type SetupSection = (typeof setupSections)[number];

const hints: Record<string, string> = {
  cond: 'xstate 5 calls it `guard`',
  internal: 'xstate 5 uses `reenter: true` for a re-entering transition',
  invoke: 'invoke belongs to a state, not to a transition',
};

/** A state's meta.spec: valid, absent, or present but wrong (and reported already). */
type SpecState = 'valid' | 'missing' | 'reported';

interface Property {
  name: string;
  value: ts.Expression | undefined;
  node: ts.Node;
}

class Checker {
  readonly problems: Problem[] = [];
  readonly declared: Record<SetupSection, Set<string>> = { actors: new Set(), actions: new Set(), guards: new Set(), delays: new Set() };
  /** Local name -> imported name, for the imports from 'xstate'. */
  readonly xstateImports = new Map<string, string>();
  /** Top-level `const NAME = <literal>` of the file (usable in meta). */
  readonly literalConsts = new Set<string>();

  constructor(
    readonly sf: ts.SourceFile,
    readonly options: CheckOptions,
  ) {}

  report(node: ts.Node, path: string, message: string): void {
    const { line, character } = this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf));
    this.problems.push({ line: line + 1, column: character + 1, path, message });
  }

  // ------------------------------------------------------------ the file

  run(): void {
    this.collectTopLevel();
    const calls: ts.CallExpression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = unwrap(node.expression);
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'createMachine') {
          const target = unwrap(callee.expression);
          if (ts.isCallExpression(target) && this.isXstate(target.expression, 'setup')) calls.push(node);
          else
            this.report(
              node,
              'createMachine',
              "`.createMachine(...)` is called on something other than xstate's `setup({...})`: write `setup({...}).createMachine({...})`.",
            );
        } else if (this.isXstate(callee, 'createMachine')) {
          this.report(
            node,
            'createMachine',
            'bare `createMachine(...)`: write `setup({ types, actors, actions, guards, delays }).createMachine({...})` so implementations are declared by name (docs/architecture.md#layers-and-the-import-direction).',
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sf);

    if (calls.length === 0) {
      this.report(
        this.sf,
        '',
        'no `setup({...}).createMachine({...})` found: a machine file exports exactly one, e.g. `export const fooMachine = setup({...}).createMachine({...})`.',
      );
      return;
    }
    if (calls.length > 1) {
      for (const extra of calls.slice(1))
        this.report(
          extra,
          'createMachine',
          'a second `setup(...).createMachine(...)` in the file: one machine a file (docs/architecture.md#layers-and-the-import-direction); move it to its own machines/<flow>/<flow>.machine.ts.',
        );
    }
    const call = calls[0]!;
    if (!isExported(call)) {
      this.report(
        call,
        'createMachine',
        'the machine is not exported as it is: write `export const fooMachine = setup({...}).createMachine({...})` (no wrapper, no later assignment).',
      );
    }
    const setupCall = unwrap((unwrap(call.expression) as ts.PropertyAccessExpression).expression) as ts.CallExpression;
    this.checkSetup(setupCall);
    const config = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    if (call.arguments.length !== 1 || !config || !ts.isObjectLiteralExpression(config)) {
      this.report(
        call,
        'createMachine',
        '`createMachine` takes exactly one argument, the configuration as an object literal `{ id, initial, states, ... }` (implementations go into `setup({...})`).',
      );
      return;
    }
    this.checkStateNode(config, '', true);
  }

  private collectTopLevel(): void {
    for (const statement of this.sf.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === 'xstate') {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) this.xstateImports.set(element.name.text, (element.propertyName ?? element.name).text);
        }
      }
      if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer && isLiteralValue(declaration.initializer))
            this.literalConsts.add(declaration.name.text);
        }
      }
    }
  }

  /** Whether `expr` is the identifier of xstate's `name` (imported from 'xstate', maybe renamed). */
  private isXstate(expr: ts.Expression, name: string): boolean {
    const node = unwrap(expr);
    return ts.isIdentifier(node) && this.xstateImports.get(node.text) === name;
  }

  private xstateName(expr: ts.Expression): string | undefined {
    const node = unwrap(expr);
    return ts.isIdentifier(node) ? this.xstateImports.get(node.text) : undefined;
  }

  private checkSetup(call: ts.CallExpression): void {
    const arg = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    if (call.arguments.length !== 1 || !arg || !ts.isObjectLiteralExpression(arg)) {
      this.report(call, 'setup', '`setup` takes one object literal `{ types, actors, actions, guards, delays }`.');
      return;
    }
    for (const prop of this.properties(arg, 'setup')) {
      if (!(setupSections as readonly string[]).includes(prop.name) || !prop.value) continue;
      const section = prop.name as SetupSection;
      const value = unwrap(prop.value);
      if (!ts.isObjectLiteralExpression(value)) {
        this.report(
          prop.value,
          `setup.${section}`,
          `setup's \`${section}\` must be an object literal with one named entry each, so the names can be read without running the file.`,
        );
        continue;
      }
      for (const entry of this.properties(value, `setup.${section}`, { allowShorthand: true })) this.declared[section].add(entry.name);
    }
  }

  /**
   * The properties of an object literal with static names; reports spreads, computed keys and
   * shorthands (unless allowed: in setup, `{ foo }` names an implementation). Methods come back
   * without a value: the caller decides whether a function is allowed there.
   */
  private properties(obj: ts.ObjectLiteralExpression, path: string, allow: { allowShorthand?: boolean } = {}): Property[] {
    const result: Property[] = [];
    for (const prop of obj.properties) {
      if (ts.isSpreadAssignment(prop)) {
        this.report(
          prop,
          path,
          `spread \`...${prop.expression.getText(this.sf)}\`: the visualizer cannot read spread properties; write the properties out literally.`,
        );
        continue;
      }
      const name = prop.name ? staticName(prop.name) : undefined;
      if (name === undefined) {
        this.report(prop, path, `computed key \`${prop.name?.getText(this.sf) ?? '?'}\`: use a plain name or a string literal as the key.`);
        continue;
      }
      if (ts.isPropertyAssignment(prop)) result.push({ name, value: prop.initializer, node: prop });
      else if (ts.isShorthandPropertyAssignment(prop)) {
        if (allow.allowShorthand) result.push({ name, value: undefined, node: prop });
        else this.report(prop, join(path, name), `shorthand \`{ ${name} }\` refers to a variable: write the value literally (\`${name}: ...\`).`);
      } else if (ts.isMethodDeclaration(prop)) {
        // A method: callers accept it where a function is allowed (setup's implementations, mappers).
        result.push({ name, value: undefined, node: prop });
      } else {
        this.report(prop, join(path, name), `accessor \`${name}\`: the configuration holds plain values only.`);
      }
    }
    return result;
  }

  // ------------------------------------------------------------ state nodes

  private checkStateNode(obj: ts.ObjectLiteralExpression, path: string, isRoot: boolean): void {
    const where = isRoot ? 'the machine (root state node)' : `state \`${path.replace(/^states\./, '').replaceAll('.states.', '.')}\``;
    let hasDescription = false;
    let spec: SpecState = 'missing';
    for (const prop of this.properties(obj, path || 'config')) {
      const at = join(path, prop.name);
      if (!stateNodeKeys.has(prop.name) && !(isRoot && rootOnlyKeys.has(prop.name))) {
        this.report(prop.node, at, `unknown key \`${prop.name}\` on ${where}${hints[prop.name] ? ` (${hints[prop.name]})` : ''}.`);
        continue;
      }
      const value = prop.value ? unwrap(prop.value) : undefined;
      if (prop.name === 'context' || prop.name === 'output') continue; // mappers: any value, functions allowed
      if (!value) {
        this.report(prop.node, at, `\`${prop.name}\` is written as a method: only the mappers \`context\` and \`output\` may be functions here.`);
        continue;
      }
      switch (prop.name) {
        case 'id':
        case 'initial':
        case 'target':
        case 'version':
          this.expectString(value, at, `\`${prop.name}\` must be a string literal`);
          break;
        case 'description':
          if (this.expectString(value, at, '`description` must be a string literal (the visualizer shows it as it is written)')) hasDescription = true;
          break;
        case 'type':
          if (this.expectString(value, at, '`type` must be a string literal') && !stateTypes.has(stringValue(value)!)) {
            this.report(value, at, `\`type\` must be one of ${[...stateTypes].join(', ')}.`);
          }
          break;
        case 'history':
          if (!(isStringLiteral(value) && ['shallow', 'deep'].includes(stringValue(value)!)) && !isBooleanLiteral(value)) {
            this.report(value, at, "`history` must be 'shallow', 'deep' or a boolean literal.");
          }
          break;
        case 'tags':
          if (!isStringLiteral(value) && !(ts.isArrayLiteralExpression(value) && value.elements.every((element) => isStringLiteral(unwrap(element))))) {
            this.report(value, at, '`tags` must be a string literal or an array of string literals.');
          }
          break;
        case 'meta':
          spec = this.checkMeta(value, at);
          break;
        case 'states':
          this.checkStates(value, at);
          break;
        case 'on':
          if (!ts.isObjectLiteralExpression(value)) {
            this.report(value, at, "`on` must be an object literal `{ 'event.type': transition }`.");
            break;
          }
          for (const event of this.properties(value, at)) {
            if (event.value) this.checkTransitions(unwrap(event.value), join(at, event.name));
            else this.report(event.node, join(at, event.name), 'a transition is not a method: write a target string or a transition object.');
          }
          break;
        case 'always':
        case 'onDone':
          this.checkTransitions(value, at);
          break;
        case 'after':
          this.checkAfter(value, at);
          break;
        case 'invoke':
          if (ts.isArrayLiteralExpression(value)) value.elements.forEach((element, index) => this.checkInvoke(unwrap(element), `${at}[${index}]`));
          else this.checkInvoke(value, at);
          break;
        case 'entry':
        case 'exit':
          this.checkActions(value, at);
          break;
      }
    }
    if (!hasDescription) {
      this.report(obj, path || 'config', `${where} has no \`description\`: add \`description: '...'\` saying what it means for the customer or the app.`);
    }
    if (spec === 'missing') {
      this.report(obj, path || 'config', `${where} has no \`meta: { spec: 'SPEC.md <section>' }\`: name the SPEC.md section(s) it implements.`);
    }
  }

  private checkStates(value: ts.Expression, path: string): void {
    if (!ts.isObjectLiteralExpression(value)) {
      this.report(value, path, `\`states\` must be an object literal \`{ name: { ... } }\`, not ${describe(value, this.sf)}.`);
      return;
    }
    for (const state of this.properties(value, path)) {
      const at = join(path, state.name);
      const node = state.value ? unwrap(state.value) : undefined;
      if (!node || !ts.isObjectLiteralExpression(node)) {
        this.report(
          node ?? state.node,
          at,
          `state \`${state.name}\` must be written as an object literal \`{ ... }\`, not ${node ? describe(node, this.sf) : 'a method'}: the visualizer does not run code to build states.`,
        );
        continue;
      }
      this.checkStateNode(node, at, false);
    }
  }

  private checkAfter(value: ts.Expression, path: string): void {
    if (!ts.isObjectLiteralExpression(value)) {
      this.report(value, path, '`after` must be an object literal `{ 1000: transition }` or `{ delayName: transition }`.');
      return;
    }
    for (const delay of this.properties(value, path)) {
      const at = join(path, delay.name);
      if (!/^\d+$/.test(delay.name) && !this.declared.delays.has(delay.name)) {
        this.report(delay.node, at, `delay \`${delay.name}\` is not declared in \`setup({ delays })\`: declare it there, or write the delay in milliseconds.`);
      }
      if (delay.value) this.checkTransitions(unwrap(delay.value), at);
      else this.report(delay.node, at, 'a delayed transition is not a method: write a target string or a transition object.');
    }
  }

  private checkInvoke(value: ts.Expression, path: string): void {
    if (!ts.isObjectLiteralExpression(value)) {
      this.report(
        value,
        path,
        `\`invoke\` must be an object literal \`{ id, src: 'actorName', input, onDone, onError }\` (or an array of those), not ${describe(value, this.sf)}.`,
      );
      return;
    }
    let hasId = false;
    let hasSrc = false;
    for (const prop of this.properties(value, path)) {
      const at = join(path, prop.name);
      if (!invokeKeys.has(prop.name)) {
        this.report(prop.node, at, `unknown key \`${prop.name}\` in invoke.`);
        continue;
      }
      if (prop.name === 'input') continue; // mapper: any value, functions allowed
      const node = prop.value ? unwrap(prop.value) : undefined;
      if (!node) {
        this.report(prop.node, at, `\`${prop.name}\` is written as a method: only \`input\` may be a function here.`);
        continue;
      }
      switch (prop.name) {
        case 'id':
          if (this.expectString(node, at, "the invoke's `id` must be a string literal (done/error events are named after it)")) hasId = true;
          break;
        case 'systemId':
          this.expectString(node, at, '`systemId` must be a string literal');
          break;
        case 'src':
          hasSrc = true;
          if (!isStringLiteral(node)) {
            this.report(node, at, `\`src\` must name an actor declared in \`setup({ actors })\` (\`src: 'name'\`), not ${describe(node, this.sf)}.`);
          } else if (!this.declared.actors.has(stringValue(node)!)) {
            this.report(
              node,
              at,
              `actor \`${stringValue(node)}\` is not declared in \`setup({ actors })\`: declare it there (the app provides the real one with machine.provide).`,
            );
          }
          break;
        default:
          this.checkTransitions(node, at);
      }
    }
    if (!hasSrc) this.report(value, path, "invoke without `src`: write `src: 'actorName'`.");
    if (!hasId) this.report(value, path, "invoke without `id`: write `id: '<name>'` so its done/error events and the diagram have a readable name.");
  }

  // ------------------------------------------------------------ transitions, guards, actions

  private checkTransitions(value: ts.Expression, path: string): void {
    if (ts.isArrayLiteralExpression(value)) {
      value.elements.forEach((element, index) => this.checkTransition(unwrap(element), `${path}[${index}]`));
    } else {
      this.checkTransition(value, path);
    }
  }

  private checkTransition(value: ts.Expression, path: string): void {
    if (isStringLiteral(value)) return;
    if (!ts.isObjectLiteralExpression(value)) {
      this.report(
        value,
        path,
        `a transition must be a target string, a transition object \`{ target, guard, actions }\` or an array of those, not ${describe(value, this.sf)}.`,
      );
      return;
    }
    for (const prop of this.properties(value, path)) {
      const at = join(path, prop.name);
      if (!transitionKeys.has(prop.name)) {
        this.report(prop.node, at, `unknown key \`${prop.name}\` in a transition${hints[prop.name] ? ` (${hints[prop.name]})` : ''}.`);
        continue;
      }
      const node = prop.value ? unwrap(prop.value) : undefined;
      if (!node) {
        this.report(
          prop.node,
          at,
          `\`${prop.name}\` is written as a method: ${prop.name === 'guard' ? "declare the guard in `setup({ guards })` and write `guard: 'name'`" : prop.name === 'actions' ? "declare the action in `setup({ actions })` and write `actions: 'name'`" : 'write a literal value'}.`,
        );
        continue;
      }
      switch (prop.name) {
        case 'target':
          if (!isStringLiteral(node) && !(ts.isArrayLiteralExpression(node) && node.elements.every((element) => isStringLiteral(unwrap(element))))) {
            this.report(node, at, `\`target\` must be a string literal (or an array of them), not ${describe(node, this.sf)}.`);
          }
          break;
        case 'description':
          this.expectString(node, at, '`description` must be a string literal');
          break;
        case 'reenter':
          if (!isBooleanLiteral(node)) this.report(node, at, '`reenter` must be `true` or `false`.');
          break;
        case 'meta':
          this.checkMeta(node, at);
          break;
        case 'guard':
          this.checkGuard(node, at);
          break;
        case 'actions':
          this.checkActions(node, at);
          break;
      }
    }
  }

  private checkGuard(value: ts.Expression, path: string): void {
    if (isStringLiteral(value)) {
      this.expectDeclared('guards', stringValue(value)!, value, path);
    } else if (ts.isObjectLiteralExpression(value)) {
      this.checkReference('guards', value, path);
    } else if (ts.isCallExpression(value)) {
      const helper = this.xstateName(value.expression);
      if (!helper || !guardHelpers.has(helper)) {
        this.report(
          value,
          path,
          `guard calls \`${value.expression.getText(this.sf)}(...)\`: only xstate's \`and\`, \`or\`, \`not\` and \`stateIn\` may combine guards; anything else goes into \`setup({ guards })\` by name.`,
        );
        return;
      }
      const arg = value.arguments[0] ? unwrap(value.arguments[0]) : undefined;
      if (helper === 'stateIn') return;
      if (helper === 'not') {
        if (value.arguments.length !== 1 || !arg) this.report(value, path, '`not(...)` takes one guard.');
        else this.checkGuard(arg, `${path}.not`);
        return;
      }
      if (value.arguments.length !== 1 || !arg || !ts.isArrayLiteralExpression(arg)) {
        this.report(value, path, `\`${helper}(...)\` takes one array literal of guards: \`${helper}(['a', 'b'])\`.`);
        return;
      }
      arg.elements.forEach((element, index) => this.checkGuard(unwrap(element), `${path}.${helper}[${index}]`));
    } else if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) {
      this.report(
        value,
        path,
        "inline guard function: declare it in `setup({ guards: { name: ... } })` and write `guard: 'name'` (or `{ type: 'name', params }`), so the visualizer shows its name.",
      );
    } else {
      this.report(value, path, `a guard must be \`'name'\`, \`{ type: 'name', params }\` or and/or/not of those, not ${describe(value, this.sf)}.`);
    }
  }

  private checkActions(value: ts.Expression, path: string): void {
    if (ts.isArrayLiteralExpression(value)) value.elements.forEach((element, index) => this.checkAction(unwrap(element), `${path}[${index}]`));
    else this.checkAction(value, path);
  }

  private checkAction(value: ts.Expression, path: string): void {
    if (isStringLiteral(value)) {
      this.expectDeclared('actions', stringValue(value)!, value, path);
    } else if (ts.isObjectLiteralExpression(value)) {
      this.checkReference('actions', value, path);
    } else if (ts.isCallExpression(value)) {
      const creator = this.xstateName(value.expression);
      if (!creator || !builtInActions.has(creator)) {
        this.report(
          value,
          path,
          `action calls \`${value.expression.getText(this.sf)}(...)\`: only xstate's built-in action creators (${[...builtInActions].join(', ')}) may be called inline; declare anything else in \`setup({ actions })\` and reference it by name.`,
        );
      }
    } else if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) {
      this.report(
        value,
        path,
        "inline action function: declare it in `setup({ actions: { name: ... } })` and write `actions: 'name'` (or `{ type: 'name', params }`).",
      );
    } else {
      this.report(
        value,
        path,
        `an action must be \`'name'\`, \`{ type: 'name', params }\`, a built-in like \`assign(...)\`, or an array of those, not ${describe(value, this.sf)}.`,
      );
    }
  }

  /** `{ type: 'name', params }` of a guard or an action. */
  private checkReference(section: 'guards' | 'actions', obj: ts.ObjectLiteralExpression, path: string): void {
    let hasType = false;
    for (const prop of this.properties(obj, path)) {
      const at = join(path, prop.name);
      if (prop.name === 'params') continue; // mapper: any value, functions allowed
      if (prop.name !== 'type') {
        this.report(prop.node, at, `unknown key \`${prop.name}\` in a ${section === 'guards' ? 'guard' : 'action'} reference: only \`type\` and \`params\`.`);
        continue;
      }
      const node = prop.value ? unwrap(prop.value) : undefined;
      if (node && this.expectString(node, at, '`type` must be a string literal naming the implementation')) {
        hasType = true;
        this.expectDeclared(section, stringValue(node)!, node, at);
      }
    }
    if (!hasType) this.report(obj, path, `a ${section === 'guards' ? 'guard' : 'action'} object needs \`type: 'name'\`.`);
  }

  private expectDeclared(section: 'guards' | 'actions', name: string, node: ts.Node, path: string): void {
    if (!this.declared[section].has(name)) {
      this.report(
        node,
        path,
        `${section === 'guards' ? 'guard' : 'action'} \`${name}\` is not declared in \`setup({ ${section} })\`: declare it there (or fix the name).`,
      );
    }
  }

  // ------------------------------------------------------------ meta and literals

  /** Checks a meta object; says whether it has a `spec` (a bad one is reported here). */
  private checkMeta(value: ts.Expression, path: string): SpecState {
    if (!ts.isObjectLiteralExpression(value)) {
      this.report(value, path, "`meta` must be an object literal, e.g. `{ spec: 'SPEC.md 4.1' }`.");
      return 'reported';
    }
    let spec: SpecState = 'missing';
    for (const prop of this.properties(value, path)) {
      const at = join(path, prop.name);
      const node = prop.value ? unwrap(prop.value) : undefined;
      if (prop.name === 'spec') spec = 'reported';
      if (!node || !this.isStaticValue(node)) {
        this.report(
          node ?? prop.node,
          at,
          `meta \`${prop.name}\` must be a literal value (string, number, boolean, or arrays/objects of those; a top-level const of this file with a literal value also works).`,
        );
        continue;
      }
      if (prop.name !== 'spec') continue;
      if (!isStringLiteral(node)) {
        this.report(node, at, "`meta.spec` must be a string literal like 'SPEC.md 4.1, 8'.");
        continue;
      }
      const text = node.text;
      if (!/SPEC\.md\s+\d/.test(text)) {
        this.report(node, at, `\`meta.spec\` '${text}' names no SPEC.md section: write e.g. 'SPEC.md 4.1' (section numbers after "SPEC.md").`);
        continue;
      }
      const known = this.options.specSections;
      const unknown = known ? specReferences(text).filter((section) => !known.has(section)) : [];
      if (unknown.length > 0) {
        this.report(node, at, `\`meta.spec\` names SPEC.md section(s) ${unknown.join(', ')} that SPEC.md does not have: fix the number(s).`);
        continue;
      }
      spec = 'valid';
    }
    return spec;
  }

  private isStaticValue(node: ts.Expression): boolean {
    const value = unwrap(node);
    if (ts.isIdentifier(value)) return this.literalConsts.has(value.text);
    return isLiteralValue(value, (inner) => this.isStaticValue(inner));
  }

  private expectString(node: ts.Expression, path: string, message: string): boolean {
    if (isStringLiteral(node)) return true;
    this.report(node, path, `${message}, not ${describe(node, this.sf)}.`);
    return false;
  }
}

// ------------------------------------------------------------ helpers

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

function isStringLiteral(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

function stringValue(node: ts.Node): string | undefined {
  return isStringLiteral(node) ? node.text : undefined;
}

function isBooleanLiteral(node: ts.Node): boolean {
  return node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword;
}

/** A JSON-like literal; `inner` decides for nested values (default: literal too). */
function isLiteralValue(node: ts.Expression, inner: (node: ts.Expression) => boolean = (child) => isLiteralValue(unwrap(child))): boolean {
  const value = unwrap(node);
  if (isStringLiteral(value) || ts.isNumericLiteral(value) || isBooleanLiteral(value) || value.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isPrefixUnaryExpression(value) && value.operator === ts.SyntaxKind.MinusToken) return ts.isNumericLiteral(value.operand);
  if (ts.isArrayLiteralExpression(value)) return value.elements.every((element) => !ts.isSpreadElement(element) && inner(element));
  if (ts.isObjectLiteralExpression(value)) {
    return value.properties.every((prop) => ts.isPropertyAssignment(prop) && staticName(prop.name) !== undefined && inner(prop.initializer));
  }
  return false;
}

function staticName(name: ts.PropertyName): string | undefined {
  // A computed name, even `['x']`, is reported: the extractor reads plain and quoted keys only.
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

function isExported(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  while (node.parent && (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent)))
    node = node.parent;
  const parent = node.parent;
  if (parent && ts.isExportAssignment(parent)) return true;
  if (!parent || !ts.isVariableDeclaration(parent) || parent.initializer !== node) return false;
  const list = parent.parent;
  const statement = list.parent;
  return (
    (list.flags & ts.NodeFlags.Const) !== 0 &&
    ts.isVariableStatement(statement) &&
    (statement.modifiers ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  );
}

function join(path: string, name: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return `${path}['${name}']`;
  return path ? `${path}.${name}` : name;
}

function describe(node: ts.Expression, sf: ts.SourceFile): string {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return 'an inline function';
  if (ts.isIdentifier(node)) return `the variable \`${node.text}\``;
  if (ts.isCallExpression(node)) return `a call \`${node.expression.getText(sf)}(...)\``;
  if (ts.isConditionalExpression(node)) return 'a conditional expression';
  if (ts.isTemplateExpression(node)) return 'a template with substitutions';
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return `\`${node.getText(sf)}\``;
  const text = node.getText(sf);
  return `\`${text.length > 40 ? `${text.slice(0, 40)}…` : text}\``;
}

// ------------------------------------------------------------ public API

/** Every problem of a machine file's source; an empty list means visualizer-ready. */
export function checkMachineSource(source: string, options: CheckOptions = {}): Problem[] {
  const sf = ts.createSourceFile(options.fileName ?? 'machine.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const checker = new Checker(sf, options);
  checker.run();
  return checker.problems;
}

/** One line per problem: `file:line:column  path: message`. */
export function formatProblems(fileName: string, problems: readonly Problem[]): string {
  return problems.map((problem) => `${fileName}:${problem.line}:${problem.column}  ${problem.path ? `${problem.path}: ` : ''}${problem.message}`).join('\n');
}

/** The section numbers of SPEC.md's headings: `2`, `2.3`, `4.1`, ... */
export function specSectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const match of markdown.matchAll(/^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s/gm)) sections.add(match[1]!);
  return sections;
}

/**
 * The SPEC.md sections a `meta.spec` names: the numbers after each "SPEC.md", up to a `;` or the
 * next other document ("SPEC.md 4.6 and 9: frame, height 1700px; docs/architecture.md#security" names 4.6 and 9).
 */
export function specReferences(spec: string): string[] {
  const sections: string[] = [];
  for (const part of spec.split(/SPEC\.md/).slice(1)) {
    const text = part.split(/;|\b[\w./-]+\.md\b/)[0] ?? '';
    for (const match of text.matchAll(/(?<![\w./])\d{1,2}(?:\.\d{1,2})?(?![\w.]?\d|\w)/g)) sections.push(match[0]);
  }
  return [...new Set(sections)];
}
