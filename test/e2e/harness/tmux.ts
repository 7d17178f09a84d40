// Drives an agent's terminal UI the way a person meets it: in a detached tmux session (a real pseudo-terminal,
// 160x45), keys sent with `send-keys`, the screen read with `capture-pane`. Each screen has its own tmux server
// (a socket in its own temp dir), so runs never see each other's or a developer's sessions.
//
// `launch` wraps an agent driver's launch (command, args, env) into one that starts the agent in the session and
// returns when the session is gone: the drivers' mock model servers stay up while the test reads and answers the
// screen, and the run's result (the model's requests, the tool results) is read after `kill()`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellQuote } from '../../../src/dialects/wrapper.js';
import type { AgentLaunch } from './openai-mock.js';

/** Why tmux-driven tests cannot run here, or undefined when they can. */
export function tmuxMissing(): string | undefined {
  if (process.platform === 'win32') return 'tmux does not run on Windows';
  const r = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : 'tmux is not installed (the terminal UIs are driven through tmux)';
}

/** A question an agent may put on screen (`when`) and the option a person picks (the text of its line). */
export interface ScreenAnswer {
  when: string | RegExp;
  select: string;
}

/** The marks terminal UIs put before the selected option of a list. */
const POINTER = /[❯›●>]/;

/**
 * The variables a CI service sets, which no person's terminal has: with CI=true Gemini CLI runs headless even in a
 * terminal (its isHeadlessMode; observed in CI: "No input provided via stdin"), and ink, which draws several of the
 * UIs, prints only the last frame when it sees CI or CONTINUOUS_INTEGRATION (is-in-ci). The screen drops them.
 */
const CI_MARKER = /^(CI|CONTINUOUS_INTEGRATION|GITHUB_ACTIONS|BUILD_NUMBER|RUN_ID|CI_.*)$/;

const SESSION = 'agent';
const WIDTH = 160;
const HEIGHT = 45;

/**
 * The next key toward picking the option `label`: Enter when the pointer is on its line, else Up or Down; none while
 * the option or the pointer is not on screen (Enter then would pick whatever the agent preselected).
 */
function pickKey(screen: string, label: string): string | undefined {
  const lines = screen.split('\n');
  const target = lines.findIndex((l) => l.includes(label));
  const pointer = lines.findIndex((l) => POINTER.test(l.trimStart().charAt(0)));
  if (target < 0 || pointer < 0) return undefined;
  if (pointer === target) return 'Enter';
  return pointer < target ? 'Down' : 'Up';
}

export class TmuxScreen {
  private readonly dir = mkdtempSync(join(tmpdir(), 'hb-tmux-'));
  private readonly socket = join(this.dir, 'sock');
  /** Where the launch script writes the agent's exit status. */
  private readonly statusFile = join(this.dir, 'status');
  /** Every distinct screen read, in order: what the test shows when an expected text never appears. */
  readonly history: string[] = [];

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /**
   * The launch as one that opens the agent in this screen and returns when the session ends (`kill()`). The agent
   * gets exactly `l.env` less a CI service's markers (plus the terminal's TERM) and `cwd`; the pane stays on screen
   * if the agent exits.
   */
  launch(l: AgentLaunch, cwd: string): AgentLaunch {
    const env = Object.entries({ ...l.env, TERM: 'xterm-256color' })
      .filter(([k]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) && !CI_MARKER.test(k))
      .map(([k, v]) => shellQuote(`${k}=${v}`));
    const script = join(this.dir, 'launch.sh');
    writeFileSync(
      script,
      `cd ${shellQuote(cwd)} || exit 1\nenv -i ${env.join(' ')} ${[l.command, ...l.args].map(shellQuote).join(' ')}\n` +
        `echo $? > ${shellQuote(this.statusFile)}\n`,
    );
    const tmux = `tmux -S ${shellQuote(this.socket)}`;
    const start =
      `${tmux} new-session -d -s ${SESSION} -x ${WIDTH} -y ${HEIGHT} ${shellQuote(`sh ${shellQuote(script)}`)} ` +
      `\\; set-option -t ${SESSION} remain-on-exit on`;
    const { TMUX: _, ...parent } = l.env;
    return {
      command: '/bin/sh',
      args: ['-c', `${start} || exit 1; while ${tmux} has-session -t ${SESSION} 2>/dev/null; do sleep 0.5; done`],
      env: parent,
    };
  }

  /** The visible screen as text (wrapped lines joined); '' before the session exists or after it is gone. */
  capture(): string {
    let text = '';
    try {
      text = this.tmux(['capture-pane', '-p', '-J', '-t', SESSION]);
    } catch {
      return '';
    }
    if (text !== this.history[this.history.length - 1]) this.history.push(text);
    return text;
  }

  /**
   * Waits until the screen shows `what`; throws with the last screen after `timeoutMs`. On the way, while one of
   * `answers` is on screen, its option is picked as a person would: the pointer moved onto it, then Enter — one key
   * per look at the screen, so a key the agent was not yet ready for is sent again rather than landing elsewhere.
   */
  async waitFor(what: string | RegExp, timeoutMs = 60_000, answers: readonly ScreenAnswer[] = []): Promise<string> {
    const on = (s: string, w: string | RegExp) => (typeof w === 'string' ? s.includes(w) : w.test(s));
    const until = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.capture();
      if (on(screen, what)) return screen;
      const answer = answers.find((a) => on(screen, a.when));
      const key = answer && pickKey(screen, answer.select);
      if (key) this.keys(key);
      if (Date.now() > until)
        throw new Error(`the screen never showed ${String(what)} in ${timeoutMs} ms; last screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /**
   * Waits until the agent has exited (its pane stays on screen): its exit status, as the launch script wrote it (tmux's
   * own pane_dead_status was seen empty for good on a dead pane, flakily); throws after `timeoutMs`.
   */
  async waitForExit(timeoutMs = 60_000): Promise<number> {
    for (const until = Date.now() + timeoutMs; Date.now() < until; ) {
      if (existsSync(this.statusFile)) {
        const status = readFileSync(this.statusFile, 'utf8').trim();
        if (status) return Number(status);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`the agent was still running after ${timeoutMs} ms; last screen:\n${this.capture()}`);
  }

  /** Sends keys as tmux names them (`Enter`, `Down`, `Escape`, `C-c`). */
  keys(...keys: string[]): void {
    this.tmux(['send-keys', '-t', SESSION, ...keys]);
  }

  /**
   * Types `text` into the agent's input and submits it, as a person would: Enter only once the text is on screen and
   * a second has passed (an Enter that follows typed text at once is read as part of a paste: a new line, not a send).
   */
  async submit(text: string): Promise<void> {
    this.keys('-l', text);
    await this.waitFor(text, 10_000);
    await new Promise((r) => setTimeout(r, 1000));
    this.keys('Enter');
  }

  /**
   * Ends the session and its server (the agent with it) and removes the socket's directory; never throws. With
   * HOOK_BRIDGE_E2E_SCREENS=1 it first prints every screen it read (what docs/observations.md quotes).
   */
  kill(): void {
    if (process.env.HOOK_BRIDGE_E2E_SCREENS === '1' && existsSync(this.dir)) {
      this.capture();
      console.log(this.history.map((s, i) => `---- screen ${i + 1}\n${s.replace(/\s+$/gm, '')}`).join('\n'));
    }
    try {
      this.tmux(['kill-server']);
    } catch {
      /* already gone */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
