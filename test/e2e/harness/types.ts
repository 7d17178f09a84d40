// Shared shapes of the end-to-end harness: every agent driver (qwen.ts, codebuddy.ts, claude.ts)
// takes an AgentRun and returns an AgentRunResult, so scenarios can be run differentially.

/** One scripted model turn: call a tool (by the HOST agent's tool name) or answer with text. */
export type ModelStep = { tool: string; args: Record<string, unknown> } | { text: string };

export interface AgentRun {
  /** The project dir (cwd of the agent); the caller writes its settings file and scripts there. */
  projectDir: string;
  /** An isolated HOME for the agent. */
  homeDir: string;
  /** What the model does, step by step; after the last step it answers "done". */
  steps: ModelStep[];
  /** The user prompt (default "go"). */
  prompt?: string;
  /** Extra CLI args (e.g. a permission mode); drivers pass their own headless defaults. */
  args?: string[];
  /** Extra environment for the agent process (hooks inherit it). */
  env?: Record<string, string>;
  /** Written to the agent's stdin, which is then closed (e.g. stream-json input); default: nothing. */
  stdin?: string;
  /** Kill the agent after this many ms (default 120 000). */
  timeoutMs?: number;
}

/** A request the mock model server received, as parsed JSON body plus the path. */
export interface RecordedRequest {
  path: string;
  body: any;
}

export interface AgentRunResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** Requests to the mock model server that belong to the main conversation, in order. */
  requests: RecordedRequest[];
  /**
   * The text of every tool result the model was sent, in order (flattened to plain text),
   * e.g. a blocked tool's error/reason, or a tool's output with hook context appended.
   */
  toolResults: string[];
  /** All text the model was sent in the last main request (system + messages), flattened. */
  lastRequestText: string;
}

/** A request a scripted mock model server received, with how it was classified. */
export interface ScriptedRequest extends RecordedRequest {
  method: string;
  /** true when it belongs to the main conversation (answered from the steps) */
  main: boolean;
  /** for main requests: the step index it was answered with (steps.length and up = final text) */
  step?: number;
}

/** A mock model server on 127.0.0.1 that replays ModelSteps. */
export interface ScriptedMock {
  /** what the agent is pointed at (e.g. http://127.0.0.1:40123/v1) */
  baseUrl: string;
  requests: ScriptedRequest[];
  mainRequests(): ScriptedRequest[];
  close(): Promise<void>;
}
