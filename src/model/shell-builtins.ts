// The words a POSIX shell or bash runs itself: never looked up on PATH (audit's programs), and what run's transcript
// check knows reads no file of its own (src/run/scan-shell.ts).

/** Shell builtins (bash's, which include POSIX sh's). */
export const SHELL_BUILTINS: ReadonlySet<string> = new Set(
  (
    ': . [ alias bg break builtin cd command continue declare dirs disown echo eval exec exit export false fc fg ' +
    'getopts hash jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift ' +
    'shopt source test times trap true type typeset ulimit umask unalias unset wait'
  ).split(' '),
);

/** The builtins that run code given to them (a file, a string, a command): the rest read only their arguments. */
export const CODE_RUNNING_BUILTINS: ReadonlySet<string> = new Set([
  '.',
  'source',
  'eval',
  'exec',
  'builtin',
  'command',
  'fc',
]);
