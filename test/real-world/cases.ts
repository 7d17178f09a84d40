// The real-world projects (fixtures/<name>, survey in SURVEY.md): their source dialect and where their sources are.
// Shared by the real-world suite and the convert-then---remove round trip (test/convert/undo.test.ts).
import type { DialectId } from '../../src/model/dialect-ids.js';

export interface Case {
  name: string;
  from: DialectId;
  /** Source files (relative to the fixture) to pass as inputs; default: the project directory (discovery). */
  inputs?: string[];
  /** Pass --from (else the dialect must be detected). */
  explicitFrom?: boolean;
  /**
   * Its own agent ignores the whole source (lenient JSON it rejects: docs/observations.md), so none of its hooks run
   * there: convert refuses it with this error (the fix named) and writes nothing, rather than run them elsewhere.
   */
  refused?: RegExp;
}

export const CASES: Case[] = [
  { name: 'claude-all-lifecycle', from: 'claude' },
  { name: 'claude-project-dir-paths', from: 'claude' },
  { name: 'claude-exec-args-if', from: 'claude' },
  { name: 'claude-hook-types', from: 'claude' },
  { name: 'claude-mcp-matchers', from: 'claude' },
  { name: 'claude-async-groups', from: 'claude' },
  {
    name: 'claude-jsonc-local',
    from: 'claude',
    refused:
      /settings\.local\.json: 2:3: Claude Code ignores this whole file because it contains a comment: .*remove the comment/,
  },
  { name: 'claude-settings-plus-local', from: 'claude' },
  { name: 'plugin-standard', from: 'claude' },
  // Named by .claude-plugin/plugin.json `"hooks": "./config/hooks.json"`: must be read as Claude's, undetected.
  { name: 'plugin-custom-hooks-path', from: 'claude', inputs: ['config/hooks.json'] },
  { name: 'plugin-foreign-events', from: 'claude' },
  { name: 'codebuddy-project', from: 'codebuddy' },
  { name: 'qwen-project', from: 'qwen' },
  { name: 'hooks-yaml-priority', from: 'hooks-yaml' },
  { name: 'copilot-project', from: 'copilot' },
];
