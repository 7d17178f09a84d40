// hooks.yaml v2.0.0, run by `hook-bridge dispatch` with Claude Code's semantics. docs/hooks-yaml.md
import { defineDialect } from './define.js';
import { hooksYaml as codec } from './hooks-yaml-codec.js';

export const hooksYaml = defineDialect({ id: 'hooks-yaml', codec });
