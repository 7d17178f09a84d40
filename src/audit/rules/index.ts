// Every audit rule, one file each. test/meta.test.ts checks each is registered, documented and tested.
import type { Rule } from '../types.js';
import answerNotCarried from './answer-not-carried.js';
import answerVoid from './answer-void.js';
import askHeadless from './ask-headless.js';
import configFileIgnored from './config-file-ignored.js';
import configInvalid from './config-invalid.js';
import configNotRead from './config-not-read.js';
import dangerousCommand from './dangerous-command.js';
import denyDropped from './deny-dropped.js';
import dispatchConfigMissing from './dispatch-config-missing.js';
import duplicateHook from './duplicate-hook.js';
import envVarUnset from './env-var-unset.js';
import eventUnsupported from './event-unsupported.js';
import foreignReadFailsClosed from './foreign-read-fails-closed.js';
import foreignReadInputNames from './foreign-read-input-names.js';
import foreignReadOutputLost from './foreign-read-output-lost.js';
import foreignReadRunsTwice from './foreign-read-runs-twice.js';
import foreignToolLiteral from './foreign-tool-literal.js';
import hookTypeUnsupported from './hook-type-unsupported.js';
import hookUntrusted from './hook-untrusted.js';
import inputShapeDiffers from './input-shape-differs.js';
import matcherDead from './matcher-dead.js';
import matcherIgnored from './matcher-ignored.js';
import matcherInvalid from './matcher-invalid.js';
import matcherOvermatch from './matcher-overmatch.js';
import outputFieldIgnored from './output-field-ignored.js';
import responseShapeDiffers from './response-shape-differs.js';
import scriptInterpreterMissing from './script-interpreter-missing.js';
import scriptMissing from './script-missing.js';
import scriptNotExecutable from './script-not-executable.js';
import sessionEnvLost from './session-env-lost.js';
import timeoutBlocksTool from './timeout-blocks-tool.js';
import timeoutDefaultShorter from './timeout-default-shorter.js';
import timeoutUnitMismatch from './timeout-unit-mismatch.js';

export const RULES: Rule[] = [
  answerNotCarried,
  answerVoid,
  askHeadless,
  configFileIgnored,
  configInvalid,
  configNotRead,
  dangerousCommand,
  denyDropped,
  dispatchConfigMissing,
  duplicateHook,
  envVarUnset,
  eventUnsupported,
  foreignReadFailsClosed,
  foreignReadInputNames,
  foreignReadOutputLost,
  foreignReadRunsTwice,
  foreignToolLiteral,
  hookTypeUnsupported,
  hookUntrusted,
  inputShapeDiffers,
  matcherDead,
  matcherIgnored,
  matcherInvalid,
  matcherOvermatch,
  outputFieldIgnored,
  responseShapeDiffers,
  scriptInterpreterMissing,
  scriptMissing,
  scriptNotExecutable,
  sessionEnvLost,
  timeoutBlocksTool,
  timeoutDefaultShorter,
  timeoutUnitMismatch,
];
