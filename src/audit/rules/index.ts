// Every audit rule, one file each. test/meta.test.ts checks each is registered, documented and tested.
import type { Rule } from '../types.js';
import configFileIgnored from './config-file-ignored.js';
import configInvalid from './config-invalid.js';
import configNotRead from './config-not-read.js';
import eventUnsupported from './event-unsupported.js';
import foreignToolLiteral from './foreign-tool-literal.js';
import matcherDead from './matcher-dead.js';
import matcherInvalid from './matcher-invalid.js';
import matcherOvermatch from './matcher-overmatch.js';
import scriptMissing from './script-missing.js';
import timeoutUnitMismatch from './timeout-unit-mismatch.js';

export const RULES: Rule[] = [
  configInvalid,
  configFileIgnored,
  configNotRead,
  eventUnsupported,
  matcherInvalid,
  matcherDead,
  matcherOvermatch,
  timeoutUnitMismatch,
  scriptMissing,
  foreignToolLiteral,
];
