import rule from '../../../src/audit/rules/timeout-unit-mismatch.js';
import { claude, cmd, qwen, ruleTester } from '../rule-tester.js';

ruleTester(rule, {
  valid: [
    { name: 'seconds', files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x', { timeout: 30 })] }] }) },
    { name: "Qwen's legacy ms (30000 = 30 s there)", files: qwen({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x', { timeout: 30000 })] }] }) },
  ],
  invalid: [
    { name: '30000 on Claude = 8 h', files: claude({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('x', { timeout: 30000 })] }] }), errors: [{ messageId: 'likelyMs', path: 'hooks.PreToolUse[0].hooks[0].timeout', message: 'timeout 30000 is 8.3 h on Claude Code, which counts seconds; did you mean timeout: 30?' }] },
  ],
});
