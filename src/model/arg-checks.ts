// Checks of what a library caller passes (src/index.ts uses them on every exported function): a bad argument is a
// HookBridgeError naming the function, the argument or option, what was expected and what was given — never a
// TypeError from deep inside, or an option name with a typo silently ignored.
import { DIALECT_IDS, isDialectId } from './dialect-ids.js';
import { HookBridgeError } from './errors.js';
import { isObject } from './is-object.js';
import { closestName, unknownDialectMessage } from './suggest.js';

/** What is wrong with a value, and where inside it (`.to`, `[2]`, empty for the value itself). */
export interface Problem {
  at: string;
  what: string;
}

/** undefined: the value is fine. */
export type Check = (v: unknown) => Problem | undefined;

const bad = (what: string, at = ''): Problem => ({ at, what });
const within = (at: string, p: Problem | undefined): Problem | undefined => p && { at: `${at}${p.at}`, what: p.what };

/** A value as a message shows it: its kind, and a short form of it. */
function shown(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);
  let json: string;
  try {
    json = short(JSON.stringify(v) ?? String(v));
  } catch {
    json = '…';
  }
  if (Array.isArray(v)) return `an array (${json})`;
  if (typeof v === 'string') return `a string (${json})`;
  if (typeof v === 'number' || typeof v === 'boolean') return `a ${typeof v} (${json})`;
  if (typeof v === 'function') return 'a function';
  return `an object (${json})`;
}

/** A check of one kind of value: `expected <what>, got <the value>` when `test` fails. */
export const expected =
  (what: string, test: (v: unknown) => boolean): Check =>
  (v) =>
    test(v) ? undefined : bad(`expected ${what}, got ${shown(v)}`);

export const string = expected('a string', (v) => typeof v === 'string');
export const boolean = expected('true or false', (v) => typeof v === 'boolean');
export const number = expected('a finite number', (v) => typeof v === 'number' && Number.isFinite(v));
export const func = expected('a function', (v) => typeof v === 'function');
/** Any object: data whose fields the function reads as it likes (a payload, an answer). */
export const object = expected('an object', isObject);
/** Anything at all (a matcher as written in a config: string, list, or something to report). */
export const any: Check = () => undefined;

export const oneOf = (values: readonly string[]): Check =>
  expected(
    `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`,
    (v) => typeof v === 'string' && values.includes(v),
  );

/** A dialect id; one in another case or mistyped is told the closest. */
export const dialect: Check = (v) =>
  typeof v !== 'string'
    ? bad(`expected a dialect id (${DIALECT_IDS.join(', ')}), got ${shown(v)}`)
    : isDialectId(v)
      ? undefined
      : bad(unknownDialectMessage(v));

export const optional =
  (c: Check): Check =>
  (v) =>
    v === undefined ? undefined : c(v);
export const either =
  (what: string, ...checks: Check[]): Check =>
  (v) =>
    checks.some((c) => !c(v)) ? undefined : bad(`expected ${what}, got ${shown(v)}`);

export function listOf(item: Check, what: string, o: { nonEmpty?: boolean } = {}): Check {
  return (v) => {
    if (!Array.isArray(v)) return bad(`expected ${what}, got ${shown(v)}`);
    if (o.nonEmpty && !v.length) return bad(`expected ${what}, got an empty array`);
    for (const [i, x] of v.entries()) {
      const p = within(`[${i}]`, item(x));
      if (p) return p;
    }
    return undefined;
  };
}

/** An object whose every (defined) value passes `c`: an environment, rule settings by rule id. */
export function recordOf(c: Check, what: string): Check {
  return (v) => {
    if (!isObject(v)) return bad(`expected ${what}, got ${shown(v)}`);
    for (const [k, x] of Object.entries(v)) {
      const p = x === undefined ? undefined : within(`.${k}`, c(x));
      if (p) return p;
    }
    return undefined;
  };
}

/**
 * An object with these fields. `closed`: an options bag — a key it does not know is an error, with the closest
 * known key (a typo such as `dryrun` must not be ignored). Open: data that may carry more fields.
 */
export function fields(
  shape: Record<string, Check>,
  o: { required?: readonly string[]; closed?: boolean } = {},
): Check {
  return (v) => {
    if (!isObject(v)) return bad(`expected an object${o.closed ? ' of options' : ''}, got ${shown(v)}`);
    for (const k of o.required ?? [])
      if (v[k] === undefined) return within(`.${k}`, shape[k]!(undefined) ?? bad('missing'));
    for (const [k, x] of Object.entries(v)) {
      const c = shape[k];
      if (!c) {
        if (!o.closed) continue;
        const close = closestName(k, Object.keys(shape));
        return bad(
          `not an option${close ? ` (did you mean ${close}?)` : ''}; the options are ${Object.keys(shape).join(', ')}`,
          `.${k}`,
        );
      }
      const p = x === undefined ? undefined : within(`.${k}`, c(x));
      if (p) return p;
    }
    return undefined;
  };
}

/** Check a call's arguments, each by its name: the first problem is thrown as `fn(): name.at: what`. */
export function checkArgs(fn: string, checks: [name: string, check: Check][], args: readonly unknown[]): void {
  checks.forEach(([name, check], i) => {
    const p = check(args[i]);
    if (p) throw new HookBridgeError(`${fn}(): ${name}${p.at}: ${p.what}`);
  });
}
