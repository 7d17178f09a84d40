// Drives Pi (headless `pi -p --mode json`) against the OpenAI-compatible mock model server.
//
// Recipe (test/fixtures/observed/pi/README.md "Run it headless, offline"): the mock is a provider of
// `$HOME/.pi/agent/models.json` (openai-completions), chosen with --provider/--model; PI_OFFLINE, no version
// check, no telemetry. Pi loads the project's `.pi/extensions/*.ts` by itself (what `convert --to pi` writes), in a
// trusted project only (1.x: the scenarios trust it with `convert --trust-pi-project`, scenarios/hosts.ts). Pi 1.x
// needs Node >= 22.19: it runs on the registry's Node 22 (install.ts NODE_22), hook-bridge and the tests on theirs.
import { join } from 'node:path';
import { canonicalTool, renameParams, toolEntry } from '../../../src/dialects/catalog.js';
import { NoSuchTool } from './codex.js';
import { ensureAgent, ensureNode22 } from './install.js';
import { type OpenAIMockOptions, runWithOpenAIMock } from './openai-mock.js';
import type { AgentRun, AgentRunResult, ModelStep } from './types.js';
import { baseEnv, writeJson } from './util.js';

export const PI_MODEL = 'mock-model';

export function piEnv(run: AgentRun): Record<string, string> {
  return {
    ...baseEnv(),
    HOME: run.homeDir,
    USERPROFILE: run.homeDir,
    TERM: 'dumb',
    PI_OFFLINE: '1',
    PI_SKIP_VERSION_CHECK: '1',
    PI_TELEMETRY: '0',
    ...(run.env ?? {}),
  };
}

/** What a run may change in the mock: the token usage it reports (Pi compacts a session that nears its window). */
export interface PiRunOptions {
  usage?: OpenAIMockOptions['usage'];
}

export async function runPi(run: AgentRun, o: PiRunOptions = {}): Promise<AgentRunResult> {
  const entry = ensureAgent('pi');
  const node = ensureNode22();
  return runWithOpenAIMock(
    { ...run, stdin: run.stdin ?? '' },
    (mock) => {
      writeJson(join(run.homeDir, '.pi/agent/models.json'), {
        providers: {
          mock: {
            baseUrl: mock.baseUrl,
            api: 'openai-completions',
            apiKey: 'sk-mock',
            compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
            models: [
              {
                id: PI_MODEL,
                name: 'Mock',
                reasoning: false,
                input: ['text'],
                contextWindow: 128000,
                maxTokens: 4096,
                cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
              },
            ],
          },
        },
      });
      return {
        command: node,
        args: [
          entry,
          '-p',
          '--mode',
          'json',
          '--provider',
          'mock',
          '--model',
          PI_MODEL,
          ...(run.args ?? []),
          run.prompt ?? 'go',
        ],
        env: piEnv(run),
      };
    },
    { model: PI_MODEL, ...(o.usage ? { usage: o.usage } : {}) },
  );
}

/**
 * A scenario step (Pi's tool name, Claude's parameter names: the scenarios are written for Claude) as Pi's model sends
 * it: the parameters renamed by the mappings (file_path -> path), only those Pi's tool has (its schema rejects others).
 * Pi offers only bash, read, edit and write unless --tools names more.
 */
export function piStep(step: ModelStep, _dir: string): ModelStep {
  if (!('tool' in step)) return step;
  const c = canonicalTool('pi', step.tool);
  const entry = c ? toolEntry('pi', c) : undefined;
  if (!entry || entry.status === 'conditional') throw new NoSuchTool(`Pi offers no ${step.tool} tool by default`);
  const args = renameParams(step.args, toolEntry('claude', c!), entry);
  const own = new Set(entry.params.map(([n]) => n));
  return { tool: step.tool, args: Object.fromEntries(Object.entries(args).filter(([k]) => own.has(k))) };
}
