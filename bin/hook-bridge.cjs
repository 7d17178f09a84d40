#!/usr/bin/env node
'use strict';
const cmd = process.argv[2];
// `run` and `dispatch` sit on every tool call of the host agent: each gets its own lean bundle, started from
// V8's code cache (compiled code kept from an earlier call: no parsing and compiling the bundle again on every
// tool call). They set up stdout and stderr only to write, and handle a closed pipe there (src/run/main.ts).
if (cmd === 'run' || cmd === 'dispatch')
  fromCodeCache(require('node:path').join(__dirname, '..', 'dist', `${cmd}.cjs`));
// Where the engine of in-process hosts is: a loader file asks this once when the `hook-bridge` on PATH is not a
// symlink to this file (a pnpm or Volta shim). `plugin-engine`: the name loaders of 0.1.0 ask.
else if (cmd === 'in-process-engine' || cmd === 'plugin-engine')
  process.stdout.write(`${require('node:path').join(__dirname, '..', 'dist', 'in-process-engine.cjs')}\n`);
else {
  // A closed pipe (`hook-bridge dialects | head`) ends every command quietly, with the exit code it has set so far.
  for (const s of [process.stdout, process.stderr]) {
    s.on('error', (e) => {
      if (e.code !== 'EPIPE') throw e;
      process.exit();
    });
  }
  // Every other command: a small commander entry that loads one bundle per command on demand.
  require('../dist/cli/main.cjs');
}

/**
 * Run a hot-path bundle (dist/run.cjs, dist/dispatch.cjs: a CommonJS module body wrapped in a function expression
 * at build time, so that its source needs no copy to be wrapped here), compiled with V8's code cache. The cache is
 * one file per bundle install (its path), its version (size, mtime, inode), Node version and flags, in hook-bridge's
 * cache directory ($HOOK_BRIDGE_CACHE_DIR, else $XDG_CACHE_HOME/hook-bridge, else ~/.cache/hook-bridge), written once
 * after a call that had none (V8 checks it and rejects one made by another V8 or for another source; it is then
 * written again). Any failure of the cache only costs the compilation it would have saved.
 */
function fromCodeCache(file) {
  const fs = require('node:fs');
  const path = require('node:path');
  const src = fs.readFileSync(file, 'utf8');
  const fnv = (text) => {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
    return h.toString(36);
  };
  let cacheFile;
  let cached;
  /** This install's and flags' prefix of its cache file names (the rest names the bundle's version and Node's). */
  let install;
  try {
    const st = fs.statSync(file);
    const env = process.env;
    const root =
      env.HOOK_BRIDGE_CACHE_DIR ||
      path.join(env.XDG_CACHE_HOME || path.join(env.HOME || require('node:os').homedir(), '.cache'), 'hook-bridge');
    // flags change what V8 compiles; another install (another path) keeps its own cache
    install = `${cmd}-${fnv(file)}-${fnv(`${process.execArgv.join(' ')}\0${env.NODE_OPTIONS || ''}`)}-`;
    cacheFile = path.join(
      root,
      'v8',
      `${install}${process.version}-${process.arch}-${st.size}-${Math.floor(st.mtimeMs)}-${st.ino}.bin`,
    );
    // compiled code is run as it is: only from a file of this user that nobody else can write
    const own = fs.statSync(cacheFile);
    if ((process.getuid === undefined || own.uid === process.getuid()) && !(own.mode & 0o022))
      cached = fs.readFileSync(cacheFile);
  } catch {
    /* no cache yet */
  }
  const vm = require('node:vm');
  const script = new vm.Script(src, { filename: file, ...(cached ? { cachedData: cached } : {}) });
  if (cacheFile && (!cached || script.cachedDataRejected)) {
    // After the call, so that the functions it compiled are in the cache too.
    process.once('exit', () => {
      try {
        const dir = path.dirname(cacheFile);
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(tmp, cacheFile);
        // the caches of this install's earlier bundles (or Node versions) are no use any more
        const mine = path.basename(cacheFile);
        for (const f of fs.readdirSync(dir))
          if (f.startsWith(install) && f !== mine && f.endsWith('.bin')) fs.rmSync(path.join(dir, f), { force: true });
      } catch {
        /* a cache that cannot be written: compile next time too */
      }
    });
  }
  const dir = path.dirname(file);
  const module = { exports: {}, filename: file };
  // the bundle requires node: builtins and ./transcript.cjs (beside it)
  const load = (id) => require(id.startsWith('.') ? path.join(dir, id) : id);
  script.runInThisContext()(module.exports, load, module, file, dir);
}
