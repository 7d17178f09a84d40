// Tool results between the agents: the host's format reads a tool_response into the canonical form (Claude Code's
// shapes, claude-objects.ts), the script's format writes it back in its own shape. Which format a dialect sends is data
// (mappings/dialects/<id>.yaml `payload.toolResults`, a name of src/model/formats.ts), next to the per-tool `response`
// shapes tools.yaml declares; this registry maps each name to its module. A dialect whose format is not known
// (`toolResults: unknown`) gets and gives results as they are, and so do two formats of one envelope (format.ts).
import type { DialectId } from '../model/dialect-ids.js';
import type { ResultFormatName } from '../model/formats.js';
import { mappings } from '../model/mappings.js';
import { claudeObjects } from './claude-objects.js';
import { codebuddyText } from './codebuddy-text.js';
import { codexText } from './codex-text.js';
import { copilotText } from './copilot-text.js';
import type { ResultFormat } from './format.js';
import { geminiLlmText } from './gemini-llm-text.js';
import { opencodeText } from './opencode-text.js';
import { piText } from './pi-text.js';
import { qwenLlmText } from './qwen-llm-text.js';

const FORMATS: Record<ResultFormatName, ResultFormat> = {
  'claude-objects': claudeObjects,
  'qwen-llm-text': qwenLlmText,
  'gemini-llm-text': geminiLlmText,
  'codebuddy-text': codebuddyText,
  'codex-text': codexText,
  'copilot-text': copilotText,
  'pi-text': piText,
  'opencode-text': opencodeText,
};

/** The tool_response format a dialect's agent sends and its scripts read; undefined: not known. */
export function resultFormat(d: DialectId): ResultFormatName | undefined {
  const f = mappings.dialects[d].payload?.toolResults;
  return f === 'unknown' ? undefined : f;
}

/** A format's module. */
export const formatModule = (name: ResultFormatName): ResultFormat => FORMATS[name];

/**
 * A host's tool_response in the shape the script's agent sends for the same tool (`tool`: canonical; `input`: the
 * host's tool_input; `cwd`: the call's). Unchanged between dialects of one format, or where a format is not known.
 */
export function translateResponse(
  resp: unknown,
  tool: string | undefined,
  host: DialectId,
  script: DialectId,
  input: Record<string, unknown> | undefined,
  cwd: string,
): unknown {
  const from = resultFormat(host);
  const to = resultFormat(script);
  if (from === to || !from || !to || resp === undefined || resp === null) return resp;
  const [reader, writer] = [formatModule(from), formatModule(to)];
  if (reader.envelope && reader.envelope === writer.envelope) return resp;
  const call = { tool, input, cwd };
  return writer.write(reader.read(resp, call), call);
}
