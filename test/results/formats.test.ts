// The tool-result formats as data: every dialect's `payload.toolResults` names a module of src/results/, the modules
// agree with the per-tool `response` shapes tools.yaml records, and a result between two agents goes host → Claude's
// shape → script (the PostToolUse shapes themselves are checked in
// test/run/{payload,responses,search-results}.test.ts).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS, type DialectId } from '../../src/model/dialect-ids.js';
import { RESULT_FORMATS } from '../../src/model/formats.js';
import { mappings } from '../../src/model/mappings.js';
import { formatModule, resultFormat, translateResponse } from '../../src/results/index.js';

const FX = resolve(import.meta.dirname, '../fixtures');
type Obj = Record<string, any>;
const load = (path: string): Obj => JSON.parse(readFileSync(join(FX, path), 'utf8'));
/** A capture's tool_response as a script of `script` gets it. */
const T = (p: Obj, host: DialectId, script: DialectId) =>
  translateResponse(p.tool_response, mappings.index.toolByName[host][p.tool_name], host, script, p.tool_input, p.cwd);

describe('payload.toolResults', () => {
  it('every format has a dialect that sends it (no module without an agent)', () => {
    expect(new Set(DIALECT_IDS.map(resultFormat))).toEqual(new Set([...RESULT_FORMATS, undefined]));
  });
  it("a format's results are its payloadDialect's (hooks.yaml scripts read Claude's shapes)", () => {
    for (const d of DIALECT_IDS)
      if (mappings.dialects[d].payloadDialect)
        expect(resultFormat(d)).toBe(resultFormat(mappings.dialects[d].payloadDialect!));
  });
  it("tools.yaml's llm-text responses are exactly those of the dialects whose format has the llm-text envelope", () => {
    const llmText = (d: DialectId) => Object.values(mappings.tools).some((row) => row[d]?.response === 'llm-text');
    const envelope = (d: DialectId) => (resultFormat(d) ? formatModule(resultFormat(d)!).envelope : undefined);
    for (const d of DIALECT_IDS) expect(llmText(d), d).toBe(envelope(d) === 'llm-text');
  });
});

describe('a result between two agents goes through Claude’s shape', () => {
  it(
    "a shell's output reaches a Codex script from Qwen Code and Gemini CLI (it " +
      "reached it as '': the writer read Claude's fields off their text)",
    () => {
      expect(T(load('ground-truth/qwen/payloads/PostToolUse-run_shell_command.json'), 'qwen', 'codex')).toBe(
        'hello-from-shell\n',
      );
      expect(T(load('observed/gemini/payloads/AfterTool-run_shell_command.json'), 'gemini', 'codex')).toBe(
        'out\nerr\n',
      );
    },
  );
  it(
    "a Codex shell result reaches a Gemini script in Gemini's shell text, and a CodeBuddy one as Claude's Bash " +
      'object',
    () => {
      const p = load('ground-truth/codex/payloads/PostToolUse-Bash.json');
      expect(T(p, 'codex', 'gemini')).toEqual({
        llmContent: '<untrusted_context>\nOutput: hello-from-shell\n</untrusted_context>',
        returnDisplay: 'hello-from-shell',
      });
      expect(T(p, 'codex', 'codebuddy')).toEqual({
        stdout: 'hello-from-shell',
        stderr: '',
        interrupted: false,
        isImage: false,
        noOutputExpected: false,
      });
    },
  );
  it("a CodeBuddy Write reaches a Codex script as apply_patch's summary", () => {
    expect(T(load('ground-truth/codebuddy/payloads/PostToolUse-Write.json'), 'codebuddy', 'codex')).toBe(
      'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA a.txt\n',
    );
  });
  it("a hooks.yaml script reads Claude's shapes whatever the host (it got the host's own)", () => {
    for (const f of [
      'ground-truth/qwen/payloads/PostToolUse-run_shell_command.json',
      'ground-truth/qwen/payloads/PostToolUse-edit.json',
    ]) {
      expect(T(load(f), 'qwen', 'hooks-yaml')).toEqual(T(load(f), 'qwen', 'claude'));
    }
  });
  it(
    'two formats of one envelope pass a result as it is (Qwen Code ' + '⇄ Gemini CLI: {llmContent, returnDisplay})',
    () => {
      const q = load('ground-truth/qwen/payloads/PostToolUse-run_shell_command.json');
      const g = load('observed/gemini/payloads/AfterTool-run_shell_command.json');
      expect(T(q, 'qwen', 'gemini')).toBe(q.tool_response);
      expect(T(g, 'gemini', 'qwen')).toBe(g.tool_response);
    },
  );
  it('a dialect whose format is not researched gets and gives results as they are', () => {
    const unknown = DIALECT_IDS.find((d) => !resultFormat(d))!;
    const q = load('ground-truth/qwen/payloads/PostToolUse-run_shell_command.json');
    expect(T(q, 'qwen', unknown)).toBe(q.tool_response);
    expect(translateResponse(q.tool_response, 'shell', unknown, 'claude', q.tool_input, q.cwd)).toBe(q.tool_response);
  });
});
