// Drives Factory Droid (`droid exec`, headless) against the OpenAI-compatible mock model server.
//
// Offline and without a login: one `customModels` entry in the run's ~/.factory/settings.json (provider
// generic-chat-completion-api, baseUrl the mock), chosen with `-m custom:<model>`; `--auto high` lets it write and run
// commands. Hooks are read from <projectDir>/.factory/settings.json (the caller writes it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalTool, renameParams, toolEntry } from '../../../src/dialects/catalog.js';
import { ensureAgent } from './install.js';
import { runWithOpenAIMock } from './openai-mock.js';
import type { AgentRun, AgentRunResult, ModelStep } from './types.js';
import { baseEnv, writeJson } from './util.js';

/** The environment of its own commands (`droid plugin …`) for a run's home. */
export const droidCommandEnv = (homeDir: string): Record<string, string> => ({ ...baseEnv(), HOME: homeDir });

export async function runDroid(run: AgentRun): Promise<AgentRunResult> {
  const entry = ensureAgent('droid');
  return runWithOpenAIMock(run, (mock) => {
    // Over what is there (a plugin install enables its plugin and marketplace in the same file).
    const file = join(run.homeDir, '.factory/settings.json');
    writeJson(file, {
      ...(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {}),
      customModels: [
        {
          model: mock.model,
          displayName: 'Mock',
          baseUrl: mock.baseUrl,
          apiKey: 'sk-mock',
          provider: 'generic-chat-completion-api',
          maxOutputTokens: 1000,
        },
      ],
    });
    const args = ['exec', '--auto', 'high', '-m', `custom:${mock.model}`, ...(run.args ?? []), run.prompt ?? 'go'];
    return { command: entry, args, env: { ...droidCommandEnv(run.homeDir), ...(run.env ?? {}) } };
  });
}

/**
 * A scenario's step as Droid's model makes it: Claude's parameters renamed to Droid's (mappings/tools.yaml), and the
 * fields its Execute tool requires before any hook fires (a call without them is refused: docs/observations.md).
 */
export function droidStep(step: ModelStep, _dir: string): ModelStep {
  if (!('tool' in step)) return step;
  const c = canonicalTool('droid', step.tool);
  const args = c ? renameParams(step.args, toolEntry('claude', c), toolEntry('droid', c)) : step.args;
  if (step.tool !== 'Execute') return { tool: step.tool, args };
  return { tool: step.tool, args: { summary: 'run it', riskLevelReason: 'a test command', riskLevel: 'low', ...args } };
}
