// bin/hook-bridge.cjs starts run and dispatch from V8's code cache (one file per bundle install, version, Node
// version and flags, in hook-bridge's cache directory). The cache must never change an answer: written after
// the first call, reused unchanged, rewritten when V8 rejects it, and not needed at all when it cannot be written.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, runCli } from './cli.js';

const FX = resolve(import.meta.dirname, '../fixtures');
const dir = mkdtempSync(join(tmpdir(), 'hb-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const pre = (command: string) =>
  JSON.stringify({
    ...JSON.parse(readFileSync(join(FX, 'ground-truth/qwen/payloads/PreToolUse-run_shell_command.json'), 'utf8')),
    cwd: dir,
    tool_input: { command },
  });
const GUARD = `jq -r .tool_input.command | grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0`;
const call = (cache: string, command: string) =>
  runCli(
    ['--from', 'claude', '--to', 'qwen', '-c', GUARD],
    pre(command),
    cleanEnv({ HOOK_BRIDGE_CACHE_DIR: cache, QWEN_PROJECT_DIR: dir }),
  );
const caches = (cache: string) => readdirSync(join(cache, 'v8')).filter((f) => f.endsWith('.bin'));
const DENY = /"permissionDecision":"deny","permissionDecisionReason":"no rm -rf"/;

describe('the code cache of the hot-path bundles', () => {
  it('is written after the first call and reused unchanged; the answers are the same', async () => {
    const cache = join(dir, 'ok');
    const first = await call(cache, 'rm -rf /');
    expect(first.stdout).toMatch(DENY);
    const [file] = caches(cache);
    expect(file).toMatch(/^run-[0-9a-z]+-[0-9a-z]+-v\d+\.\d+\.\d+-/);
    const before = statSync(join(cache, 'v8', file!)).mtimeMs;
    expect((await call(cache, 'rm -rf /')).stdout).toBe(first.stdout);
    expect(await call(cache, 'ls')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(caches(cache)).toEqual([file]);
    expect(statSync(join(cache, 'v8', file!)).mtimeMs).toBe(before);
  });
  it('a corrupt cache is rejected by V8 and written again; the call answers as without it', async () => {
    const cache = join(dir, 'corrupt');
    await call(cache, 'ls');
    const [file] = caches(cache);
    writeFileSync(join(cache, 'v8', file!), Buffer.alloc(4096, 7));
    expect((await call(cache, 'rm -rf /')).stdout).toMatch(DENY);
    expect(readFileSync(join(cache, 'v8', file!)).equals(Buffer.alloc(4096, 7))).toBe(false);
  });
  it(
    'a cache file others can write is not used (compiled code ' + 'runs as it is): compiled anew and replaced',
    async () => {
      const cache = join(dir, 'group-writable');
      await call(cache, 'ls');
      const [file] = caches(cache);
      const path = join(cache, 'v8', file!);
      chmodSync(path, 0o666); // a valid cache: used, it would be kept as it is (0666)
      expect((await call(cache, 'rm -rf /')).stdout).toMatch(DENY);
      expect(statSync(path).mode & 0o777).toBe(0o600);
    },
  );
  it('a cache directory that cannot be written: no cache, same answers', async () => {
    const cache = join(dir, 'not-a-dir');
    writeFileSync(cache, '');
    expect((await call(cache, 'rm -rf /')).stdout).toMatch(DENY);
    expect(await call(cache, 'ls')).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
