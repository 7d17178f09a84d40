/**
 * Unusable input: hook-bridge cannot do the job (bad usage, unreadable or malformed file, unknown
 * dialect). The CLI prints `message` as one line on stderr and exits 2 — never a stack trace.
 */
export class HookBridgeError extends Error {
  override readonly name = 'HookBridgeError';
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
