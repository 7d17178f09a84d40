// run's transcript check for a Python hook script: its text, and the local modules it imports.
import { dirname, join } from 'node:path';
import { exists, mentions, read, unsure, type Scan } from './script-scan.js';

/** Standard-library modules a hook script commonly imports that cannot hand the payload to another program. */
const PY_STDLIB = new Set(
  (
    '__future__ abc argparse array ast base64 binascii bisect calendar cmath codecs collections colorsys ' +
    'contextlib copy csv dataclasses ' +
    ('datetime decimal difflib enum errno fnmatch fractions functools gettext ' +
      'glob gzip hashlib heapq hmac html io ipaddress itertools ') +
    ('json keyword linecache locale logging math mimetypes numbers operator ' +
      'os pathlib platform pprint random re secrets shlex shutil ') +
    ('signal stat statistics string struct sys tempfile textwrap time timeit ' +
      'tomllib traceback types typing unicodedata uuid warnings zlib ') +
    'zoneinfo getpass pwd grp select fcntl termios tty configparser'
  ).split(' '),
);
/** Code that runs other programs or talks to the network: the payload may reach something uninspectable. */
const PY_UNSURE = new RegExp(
  String.raw`\b(subprocess|os\s*\.\s*(system|popen|exec\w*|spawn\w*|fork\w*|posix_spawn\w*)|__import__|importlib` +
    String.raw`|runpy|exec\s*\(|eval\s*\(|socket|urllib|http|requests|ctypes|multiprocessing|pty)\b`,
);

export function pythonFile(file: string, s: Scan, depth: number): void {
  const text = read(file, s, depth);
  if (text !== undefined) python(text, dirname(file), s, depth);
}

export function python(text: string, dir: string, s: Scan, depth: number): void {
  if (mentions(text) || PY_UNSURE.test(text)) unsure();
  for (const m of text.matchAll(/^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import\b|import[ \t]+([^\n#;]+))/gm)) {
    const mods =
      m[1] !== undefined
        ? [m[1]]
        : m[2]!
            .replace(/[()\\]/g, '')
            .split(',')
            .map((x) => x.trim().split(/\s+/)[0]!);
    for (const mod of mods) pyModule(mod, dir, s, depth);
  }
}

function pyModule(mod: string, dir: string, s: Scan, depth: number): void {
  const dots = /^\.*/.exec(mod)![0].length;
  let base = dir;
  for (let i = 1; i < dots; i++) base = dirname(base);
  const parts = mod.slice(dots).split('.').filter(Boolean);
  if (!parts.length) unsure(); // `from . import x`: any module of the package
  const path = join(base, ...parts);
  for (const f of [`${path}.py`, join(path, '__init__.py')]) {
    if (exists(f)) return pythonFile(f, s, depth + 1);
  }
  if (dots || !PY_STDLIB.has(parts[0]!)) unsure();
}
