// Heavy dependencies loaded on first use, from the package's own node_modules, not bundled: the CLI
// bundle stays small (a claude -> qwen convert never needs a YAML parser). Works in the CommonJS
// bundle (__filename) and in ESM sources (import.meta.url, tests).
import { createRequire } from 'node:module';

declare const __filename: string | undefined;
const load = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);

let yamlModule: typeof import('yaml') | undefined;
export function yaml(): typeof import('yaml') {
  return (yamlModule ??= load('yaml') as typeof import('yaml'));
}

let tomlModule: typeof import('smol-toml') | undefined;
export function toml(): typeof import('smol-toml') {
  return (tomlModule ??= load('smol-toml') as typeof import('smol-toml'));
}
