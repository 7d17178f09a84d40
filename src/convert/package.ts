// `convert <plugin> --to <agent> --package <dir>`: a Claude Code plugin written as the package the agent installs (its
// extension, its plugin), the hooks converted as the project conversion writes them, with the plugin's root the text
// the agent replaces with the installed package's directory. Re-running is a sync, by a record in the package.
// What each agent's package is, is data: `package` in mappings/dialects/<id>.yaml (docs/architecture.md).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { type DialectId, REFERENCE_DIALECT } from '../model/dialect-ids.js';
import type { DialectPackage } from '../model/dialect-spec.js';
import { HookBridgeError } from '../model/errors.js';
import type { Diagnostic } from '../model/hook.js';
import { isObject } from '../model/is-object.js';
import { mappings } from '../model/mappings.js';
import { dialects } from '../dialects/index.js';
import type { DetachedLoader } from '../dialects/loader-file.js';
import { parseJsoncChecked } from '../dialects/jsonc.js';
import { pluginHookFiles } from '../dialects/plugin.js';
import { convert, type ReportRow } from './convert.js';
import {
  carriedFiles,
  type FileAction,
  type PackageFile,
  removePackageFile,
  sameFile,
  sha256,
  writePackageFile,
} from './package-tree.js';
import { packageTrust } from './package-trust.js';
import { VERSION } from '../version.js';
import { readText } from './read-text.js';

/** The record of the files a package's sync wrote, in the package's root. */
export const PACKAGE_RECORD = '.hook-bridge-package.json';

export interface PackageOptions {
  /** The Claude Code plugin's directory (its `.claude-plugin/plugin.json`). */
  plugin: string;
  to: DialectId;
  /** The package's directory: created, or synced when a previous run wrote it. */
  out: string;
  check?: boolean;
  dryRun?: boolean;
  /** Take out every file the record names (a file changed since is kept, and said). */
  remove?: boolean;
  runner?: string;
  /** `true`: one `run` wrapper entry per hook (convert's --wrap). */
  wrap?: true;
  /** Record the trusted hashes of the package's hooks where the agent trusts hooks by hash (`package.trustKey`). */
  trustHooks?: boolean;
}

export interface PackageResult {
  to: DialectId;
  out: string;
  plugin: string;
  /** The package's name (the plugin's). */
  name: string;
  /** Every file of the package and what the sync does (did) to it, by path relative to `out`. */
  files: { path: string; action: FileAction }[];
  /** Files the record names that a person changed since: not removed. */
  kept: string[];
  report: ReportRow[];
  diagnostics: Diagnostic[];
  /** Anything to add, update or remove. */
  changed: boolean;
  /** How to install it (`<dir>` filled in). */
  install: string;
  /**
   * A package of the same name installed for the user that is not one hook-bridge wrote (the agent's own import of
   * the plugin): the agent refuses a second of one name, so it must go first (`uninstall`).
   */
  installedOther?: { path: string; uninstall?: string; runsBoth?: true };
}

interface PackageRecord {
  plugin: string;
  to: string;
  files: Record<string, string>;
}

/** A directory as a person types it here: relative under the working directory, else absolute. */
function shownDir(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel === '' ? '.' : rel.startsWith('..') ? dir : rel;
}

const fileHash = (f: PackageFile): string => `${sha256(f.data)}${f.exec ? ' x' : ''}`;

/** A `~/…` path of the package facts under this run's home. */
const inHome = (rel: string): string => join(process.env.HOME ?? homedir(), rel.slice(2));

/** A package of this name the user has installed that hook-bridge did not write (no record in it). */
function installedOther(spec: DialectPackage, name: string, out: string): PackageResult['installedOther'] {
  if (spec.enabled && name) return enabledOther(spec, spec.enabled, name, out);
  if (!spec.installed || !name) return undefined;
  const path = inHome(spec.installed.replaceAll('<name>', name));
  if (!existsSync(path) || existsSync(join(path, PACKAGE_RECORD))) return undefined;
  return { path, ...(spec.uninstall ? { uninstall: spec.uninstall.replaceAll('<name>', name) } : {}) };
}

/**
 * A plugin of the package's name the agent runs from another marketplace (`package.enabled`): it runs beside the
 * package, so its hooks would run twice.
 */
function enabledOther(
  spec: DialectPackage,
  where: { file: string; key: string },
  name: string,
  out: string,
): PackageResult['installedOther'] {
  let listed: unknown;
  try {
    listed = (JSON.parse(readFileSync(inHome(where.file), 'utf8')) as Record<string, unknown>)[where.key];
  } catch {
    return undefined; // no such file, or one the agent cannot read either
  }
  const enabled = isObject(listed) ? listed : {};
  const other = Object.keys(enabled).find(
    (k) => k.startsWith(`${name}@`) && k !== `${name}@${basename(out)}` && enabled[k],
  );
  if (!other) return undefined;
  const uninstall = spec.uninstall?.replaceAll('<name>', name).replaceAll('<dirname>', other.slice(name.length + 1));
  return { path: `${other} (enabled in ${where.file})`, ...(uninstall ? { uninstall } : {}), runsBoth: true };
}

/** The agent's package facts, or an error pointing at the conversions that do carry hooks there. */
function packageSpec(to: DialectId): DialectPackage & { hooks: string; rootVar: string } {
  const d = mappings.dialects[to];
  const p = d.package;
  const instead =
    `convert the plugin's hooks into a project instead (hook-bridge convert <project> --to ${to}, ` +
    'the plugin among its sources)';
  if (!p) throw new HookBridgeError(`--package: no package format of ${d.agent} is known to hook-bridge; ${instead}`);
  if (p.hooks === null || p.rootVar === undefined)
    throw new HookBridgeError(
      `--package: ${d.agent}'s packages cannot carry hooks (${p.hooksWhy ?? 'no hook file'}); ${instead}`,
    );
  return { ...p, hooks: p.hooks, rootVar: p.rootVar };
}

/** The plugin's manifest, read and checked: the fields the package's manifest carries. */
function readPluginManifest(root: string, spec: DialectPackage, to: DialectId): Record<string, unknown> {
  const rel = mappings.dialects[REFERENCE_DIALECT].config.pluginManifest!;
  const file = join(root, rel);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory())
    throw new HookBridgeError('--package: not a directory (give a Claude Code plugin directory)', root);
  if (!existsSync(file))
    throw new HookBridgeError(`not a Claude Code plugin: no ${rel} (give the plugin's directory)`, root);
  const { value } = parseJsoncChecked(readText(file), file);
  if (!isObject(value)) throw new HookBridgeError('expected a JSON object', file);
  if (typeof value.name !== 'string' || !value.name)
    throw new HookBridgeError('"name": expected the plugin\'s name', file);
  if (!new RegExp(`^(?:${spec.namePattern})$`).test(value.name))
    throw new HookBridgeError(
      `"name": ${JSON.stringify(value.name)} is not a name ${mappings.dialects[to].agent} installs ` +
        `(${spec.namePattern})`,
      file,
    );
  const out: Record<string, unknown> = {};
  for (const k of spec.fields) {
    const v = value[k] ?? spec.defaults?.[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The plugin's hooks converted for the agent: one hook file, the plugin's root its `rootVar`. */
function convertedHooks(root: string, o: PackageOptions, spec: { rootVar: string; loader?: string }) {
  let text: string | undefined;
  const report: ReportRow[] = [];
  const diagnostics: Diagnostic[] = [];
  const files = pluginHookFiles(root, [REFERENCE_DIALECT]);
  for (const file of files) {
    const r = convert(readText(file), {
      from: REFERENCE_DIALECT,
      to: o.to,
      file,
      readFrom: root,
      pluginRoot: spec.rootVar,
      ...(spec.loader ? { loader: spec.loader } : {}),
      ...(text !== undefined ? { existing: text } : {}),
      ...(o.runner ? { runner: o.runner } : {}),
      ...(o.wrap ? { wrap: o.wrap } : {}),
    });
    text = r.output;
    report.push(...r.report);
    diagnostics.push(...r.diagnostics.map((d) => ({ ...d, file: d.file ?? file })));
  }
  return { text, report, diagnostics, sources: files };
}

/** The package's directory is not the plugin, nor holds it; a directory that exists is empty or a package. */
function checkOut(root: string, out: string): PackageRecord | undefined {
  const inside = (a: string, b: string) => a === b || a.startsWith(b + sep);
  if (inside(root, out)) throw new HookBridgeError('--package: the package cannot be the plugin or hold it', out);
  const st = statSync(out, { throwIfNoEntry: false });
  if (!st) return undefined;
  if (!st.isDirectory()) throw new HookBridgeError('--package: not a directory', out);
  const rec = join(out, PACKAGE_RECORD);
  if (!existsSync(rec)) {
    if (readdirSync(out).length > 0)
      throw new HookBridgeError(
        `--package: the directory has files hook-bridge did not write (no ${PACKAGE_RECORD}): give a new or empty one`,
        out,
      );
    return undefined;
  }
  const { value } = parseJsoncChecked(readText(rec), rec);
  if (!isObject(value) || !isObject(value.files)) throw new HookBridgeError('expected {"files": {...}}', rec);
  return value as unknown as PackageRecord;
}

/** What the package holds: the plugin's files, but its Claude manifest, its hook files and any package in it. */
function packageFiles(root: string, out: string, o: PackageOptions, spec: ReturnType<typeof packageSpec>) {
  const manifest = readPluginManifest(root, spec, o.to);
  const hooks = convertedHooks(root, o, spec);
  const manifestDir = dirname(mappings.dialects[REFERENCE_DIALECT].config.pluginManifest!);
  const sources = new Set(hooks.sources.map((f) => resolve(f)));
  const files = carriedFiles(
    root,
    (rel, abs) =>
      rel === '.git' ||
      rel === manifestDir ||
      sources.has(abs) ||
      abs === out ||
      existsSync(join(abs, PACKAGE_RECORD)) ||
      rel === PACKAGE_RECORD,
  );
  const name = String(manifest.name);
  const keys = { ...ownManifest(root, spec), ...manifest, ...spec.manifestKeys };
  files.set(spec.manifest, { data: Buffer.from(`${JSON.stringify(keys, null, 2)}\n`), exec: false });
  if (hooks.text !== undefined) files.set(spec.hooks, { data: Buffer.from(hooks.text), exec: false });
  const loader = loaderOf(o.to, spec, name);
  if (loader) files.set(loader.path, { data: Buffer.from(loader.text), exec: false });
  return { files: inMarketplace(files, spec, name), name, hooks };
}

/** The plugin's own file of the manifest's name, where the package's starts from it (`manifestMerged`): its keys. */
function ownManifest(root: string, spec: DialectPackage): Record<string, unknown> {
  const file = join(root, spec.manifest);
  if (!spec.manifestMerged || !existsSync(file)) return {};
  const { value } = parseJsoncChecked(readText(file), file);
  if (!isObject(value)) throw new HookBridgeError("expected a JSON object (the plugin's own manifest)", file);
  return value;
}

/** An in-process host's package: hook-bridge's loader file in it (`package.loader`), which runs its hook file. */
function loaderOf(to: DialectId, spec: ReturnType<typeof packageSpec>, name: string) {
  const binding = dialects[to].inProcess;
  if (!spec.loader || !binding) return undefined;
  const take = (spec.uninstall ?? spec.install).replaceAll('<dir>', '<root>');
  const detached: DetachedLoader = {
    loader: spec.loader,
    hooks: spec.hooks,
    written: [
      `Written by \`hook-bridge convert <plugin> --to ${to} --package <dir>\` into the ${name} package: it runs`,
      `the package's ${spec.hooks} in whichever project the session is in. Re-running that command updates it.`,
    ],
    takeOut: `uninstall the package: ${take}`,
    update: `hook-bridge convert <plugin> --to ${to} --package <root>`,
    packageRoot: true,
  };
  return { path: spec.loader, text: binding.source(VERSION, detached) };
}

/** `<name>` replaced in every string of a JSON value. */
const named = (v: unknown, name: string): unknown =>
  typeof v === 'string'
    ? v.replaceAll('<name>', name)
    : Array.isArray(v)
      ? v.map((x) => named(x, name))
      : isObject(v)
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, named(x, name)]))
        : v;

/** The plugin's files under `pluginDir`, beside the marketplace file that lists it, where the agent wants one. */
function inMarketplace(files: Map<string, PackageFile>, spec: DialectPackage, name: string): Map<string, PackageFile> {
  if (!spec.pluginDir) return files;
  const dir = spec.pluginDir.replaceAll('<name>', name);
  const out = new Map([...files].map(([p, f]) => [`${dir}/${p}`, f]));
  if (spec.marketplace) {
    const text = `${JSON.stringify(named(spec.marketplace.json, name), null, 2)}\n`;
    out.set(spec.marketplace.file, { data: Buffer.from(text), exec: false });
  }
  return out;
}

/** Write (or check) the agent's package of a Claude Code plugin: every file it holds, then its record. */
export function packagePlugin(o: PackageOptions): PackageResult {
  const root = resolve(o.plugin);
  const out = resolve(o.out);
  const spec = packageSpec(o.to);
  const old = checkOut(root, out);
  if (old && old.to !== o.to)
    throw new HookBridgeError(
      `--package: the directory holds the ${old.to} package of ${old.plugin}: give another one for ${o.to}`,
      out,
    );
  const built = o.remove
    ? { files: new Map<string, PackageFile>(), name: old?.plugin ?? '', hooks: { report: [], diagnostics: [] } }
    : packageFiles(root, out, o, spec);
  const want = built.files;
  const oldFiles = old?.files ?? {};
  const rows: { path: string; action: FileAction }[] = [];
  const kept: string[] = [];
  for (const [path, f] of want) {
    const abs = join(out, path);
    if (!(path in oldFiles) && existsSync(abs))
      throw new HookBridgeError(`--package: ${path} is there and hook-bridge did not write it: move it away`, out);
    rows.push({ path, action: !existsSync(abs) ? 'add' : sameFile(abs, f) ? 'same' : 'update' });
  }
  for (const [path, hash] of Object.entries(oldFiles)) {
    if (want.has(path) || !existsSync(join(out, path))) continue;
    const data = readFileSync(join(out, path));
    const exec = (statSync(join(out, path)).mode & 0o111) !== 0;
    if (o.remove && fileHash({ data, exec }) !== hash) kept.push(path);
    else rows.push({ path, action: 'remove' });
  }
  const record: PackageRecord = {
    plugin: built.name,
    to: o.to,
    files: Object.fromEntries([...want].map(([p, f]) => [p, fileHash(f)])),
  };
  const recordText = `${JSON.stringify(record, null, 2)}\n`;
  const recordAbs = join(out, PACKAGE_RECORD);
  const recordSame = o.remove ? !existsSync(recordAbs) : existsSync(recordAbs) && readText(recordAbs) === recordText;
  const changed = rows.some((r) => r.action !== 'same') || !recordSame;
  // The trust store first: one it cannot read stops the run before a file of the package is written.
  const recordTrust = Boolean(o.trustHooks) && !o.check && !o.dryRun;
  const hooksText = 'text' in built.hooks ? built.hooks.text : undefined;
  const trust = o.remove ? [] : packageTrust(o.to, spec, built.name, hooksText, { record: recordTrust });
  if (changed && !o.check && !o.dryRun) {
    for (const r of rows) {
      const abs = join(out, r.path);
      if (r.action === 'remove') removePackageFile(out, abs);
      else if (r.action !== 'same') writePackageFile(abs, want.get(r.path)!);
    }
    if (o.remove) removePackageFile(out, recordAbs);
    else writePackageFile(recordAbs, { data: Buffer.from(recordText), exec: false });
  }
  return {
    to: o.to,
    out,
    plugin: root,
    name: built.name,
    files: rows,
    kept,
    report: built.hooks.report,
    diagnostics: [...built.hooks.diagnostics, ...trust],
    changed,
    install: spec.install
      .replace('<dir>', shownDir(out))
      .replaceAll('<dirname>', basename(out))
      .replaceAll('<name>', built.name),
    ...(o.remove ? {} : { installedOther: installedOther(spec, built.name, out) }),
  };
}
