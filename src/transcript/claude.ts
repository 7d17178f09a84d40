// The writer side: Claude Code transcript records (JSONL), as observed in
// test/fixtures/ground-truth/claude/transcript-sample.jsonl (Claude Code 2.1.330). Readers of the host
// formats (qwen.ts, codebuddy.ts) call these builders; the record fields a Claude hook script reads are
// type, message.role, message.content (a string or blocks), uuid/parentUuid, timestamp and, for tool
// results, toolUseResult.
import type { DialectId } from '../model/dialect-ids.js';
import { canonicalTool, renameParams, toolEntry } from '../dialects/catalog.js';
import { isObject } from '../model/is-object.js';
import { claudeBash } from '../results/claude-objects.js';
import { translateResponse } from '../results/index.js';
import { type TodoState, setTodos, upsertTask } from './todos.js';

export type Json = Record<string, unknown>;

/** A content block of a Claude message. */
export type Block =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: Json };

/** What a translator remembers between two calls (persisted by the incremental cache). */
export interface TranslatorState {
  /** uuid of the last record written: the next one's parentUuid. */
  last: string | null;
  /** Tool calls whose result has not been seen yet: id -> the call as the host and the script name it. */
  pending: Record<string, { uuid: string; tool?: string; hostInput: Json; part?: { result: unknown } }>;
  todos: TodoState;
  /** The session id a host writes once, in its transcript's first line (Gemini CLI's header), not on each record. */
  sessionId?: string;
  /** Likewise the session's working directory (Codex CLI's session_meta and turn_context). */
  cwd?: string;
}

export const freshState = (): TranslatorState => ({ last: null, pending: {}, todos: { items: [], changed: false } });

/** Host-independent facts of one host record. */
export interface Meta {
  id: string;
  timestamp: string;
  sessionId?: string;
  cwd?: string;
  version?: string;
  model?: string;
  /** The model response this record belongs to (several records can share one). */
  messageId?: string;
}

/**
 * A UUID-shaped id derived from a host id (deterministic: translating twice gives the same records). Not a
 * security hash, only distinct ids: cyrb128 (four 32-bit lanes), because loading node:crypto costs ~2 ms on
 * every tool call of the run hot path (measured with --cpu-prof).
 */
export function derivedUuid(seed: string): string {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const h = [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1].map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Builds Claude records for one host, keeping the parent chain and the pending tool calls. */
export class ClaudeWriter {
  constructor(
    readonly host: DialectId,
    /** The dialect whose scripts read the records (Claude Code, or a format whose payloadDialect it is): its tool names
     * and result shapes.
     */
    readonly script: DialectId,
    readonly state: TranslatorState,
    /** Subagent transcripts: Claude marks their records as a side chain. */
    readonly sidechain = false,
  ) {}

  /** One host record can become several Claude records: the first keeps the host's id, the others get derived ones. */
  private idOf = '';
  private idCount = 0;
  private uuid(m: Meta): string {
    if (this.idOf !== m.id) {
      this.idOf = m.id;
      this.idCount = 0;
      return m.id;
    }
    return derivedUuid(`${m.id}:${++this.idCount}`);
  }

  private base(type: 'user' | 'assistant', uuid: string, m: Meta): Json {
    const r: Json = { parentUuid: this.state.last, isSidechain: this.sidechain, userType: 'external' };
    if (m.cwd !== undefined) r.cwd = m.cwd;
    if (m.sessionId !== undefined) r.sessionId = m.sessionId;
    if (m.version !== undefined) r.version = m.version;
    Object.assign(r, { type, uuid, timestamp: m.timestamp });
    this.state.last = uuid;
    return r;
  }

  /** A user prompt (Claude: content is the prompt string). */
  user(text: string, m: Meta): Json {
    return { ...this.base('user', this.uuid(m), m), message: { role: 'user', content: text } };
  }

  /** A tool call in the script agent's names: tool name, parameter names. */
  toolUse(id: string, hostName: string, hostInput: Json, m: Meta): Block {
    const tool = canonicalTool(this.host, hostName);
    const entry = tool ? toolEntry(this.script, tool) : undefined;
    const input = renameParams(hostInput, tool ? toolEntry(this.host, tool) : undefined, entry);
    this.state.pending[id] = { uuid: '', hostInput, ...(tool ? { tool } : {}) };
    // Qwen's todo_write (and Claude's TodoWrite) send the whole list: it is the new todo state.
    if (tool === 'todo.write' && Array.isArray(input.todos)) setTodos(this.state.todos, input.todos, m.timestamp);
    return { type: 'tool_use', id, name: entry?.name ?? hostName, input };
  }

  /**
   * One of the Claude calls a host call amounts to (Codex's apply_patch: a Write, Edit or Bash per file), given in
   * Claude's tool and parameter names, with the result Claude would have recorded if the host call succeeds.
   */
  partUse(id: string, tool: string, input: Json, result: unknown): Block {
    this.state.pending[id] = { uuid: '', tool, hostInput: input, part: { result } };
    return { type: 'tool_use', id, name: toolEntry(this.script, tool)?.name ?? tool, input };
  }

  /** A pending call that is a part of a host call (partUse). */
  partOf(id: string): { result: unknown } | undefined {
    return this.state.pending[id]?.part;
  }

  /**
   * An assistant message: Claude Code writes one record per content block, all with the same
   * message.id (apiBlockIndex counts them).
   */
  assistant(blocks: Block[], m: Meta): Json[] {
    const hasTool = blocks.some((b) => b.type === 'tool_use');
    const out = blocks.map((b, i) => {
      const uuid = this.uuid(m);
      if (b.type === 'tool_use' && this.state.pending[b.id]) this.state.pending[b.id]!.uuid = uuid;
      const message = {
        id: `msg_${m.messageId ?? m.id}`,
        type: 'message',
        role: 'assistant',
        model: m.model ?? 'unknown',
        content: [b],
        stop_reason: hasTool ? 'tool_use' : 'end_turn',
        stop_sequence: null,
      };
      return { ...this.base('assistant', uuid, m), message, apiBlockIndex: i };
    });
    return out;
  }

  /**
   * A tool's result: a user record with one tool_result block (content: the text the model saw) and
   * toolUseResult in the script agent's tool_response shape.
   */
  toolResult(
    id: string,
    content: string,
    isError: boolean,
    hostResponse: unknown,
    m: Meta,
    toolUseResult?: unknown,
  ): Json {
    const call = this.state.pending[id];
    delete this.state.pending[id];
    const tool = call?.tool;
    // Observed: a failed call's toolUseResult is the string "Error: <content>".
    const result = isError
      ? `Error: ${content}`
      : (toolUseResult ?? translateResponse(hostResponse, tool, this.host, this.script, call?.hostInput, m.cwd ?? ''));
    const block: Json = { tool_use_id: id, type: 'tool_result', content, ...(isError ? { is_error: true } : {}) };
    const r: Json = {
      ...this.base('user', this.uuid(m), m),
      message: { role: 'user', content: [block] },
      toolUseResult: result,
    };
    if (call?.uuid) r.sourceToolAssistantUUID = call.uuid;
    return r;
  }

  /** A task-tool result that carries the task (CodeBuddy's TaskCreate/TaskUpdate): the todo list follows it. */
  task(task: unknown, m: Meta): void {
    if (isObject(task)) upsertTask(this.state.todos, task, m.timestamp);
  }

  /** The host tool's canonical id, for a pending call. */
  toolOf(id: string): string | undefined {
    return this.state.pending[id]?.tool;
  }
}

/** Claude's Bash result: `{stdout, stderr, interrupted, isImage, noOutputExpected}`, and the text the model saw. */
export function claudeShell(
  stdout: string,
  stderr: string,
  exitCode: number | undefined,
): { content: string; result: Json; isError: boolean } {
  const text = [stdout, stderr].filter(Boolean).join('\n');
  const isError = exitCode !== undefined && exitCode !== 0;
  const result = claudeBash(stdout, stderr);
  // Observed: a failed command's content is "Exit code 3\n<output>"; no output at all reads "(Bash completed with no
  // output)".
  return {
    content: isError ? `Exit code ${exitCode}\n${text}` : text || '(Bash completed with no output)',
    result,
    isError,
  };
}
