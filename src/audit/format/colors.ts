// Colour only on a TTY (or with FORCE_COLOR), never with NO_COLOR. picocolors alone would also colour
// output under CI=true, which breaks logs and anything that parses them.
import pc from 'picocolors';

export type Colors = ReturnType<typeof pc.createColors>;

export function useColor(stream: NodeJS.WriteStream = process.stderr, env: NodeJS.ProcessEnv = process.env): boolean {
  if ('NO_COLOR' in env && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export const colors = (enabled: boolean = useColor()): Colors => pc.createColors(enabled);
