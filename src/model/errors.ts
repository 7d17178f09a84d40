/**
 * Unusable input: hook-bridge cannot do the job (bad usage, unreadable or malformed file, unknown
 * dialect). The CLI prints `message` as one line on stderr and exits 2 — never a stack trace.
 */
const BRAND = Symbol.for('hook-bridge.HookBridgeError');

export class HookBridgeError extends Error {
  override readonly name = 'HookBridgeError';
  /** A brand, not instanceof: the CLI's command bundles each carry their own copy of this class. */
  readonly [BRAND] = true;

  static is(e: unknown): e is HookBridgeError {
    return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[BRAND] === true;
  }

  constructor(
    message: string,
    /** The file the problem is in, when there is one. */
    readonly file?: string,
    /** Where in that file (a JSON/YAML path such as `hooks.PreToolUse[0].matcher`, or `line:col`). */
    readonly location?: string,
  ) {
    super(message);
  }

  /** `file: location: message`, the one line users see. */
  describe(): string {
    return [this.file, this.location, this.message].filter(Boolean).join(': ');
  }
}
