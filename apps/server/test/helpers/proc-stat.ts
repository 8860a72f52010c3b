import { readFileSync } from 'node:fs';

/**
 * The fields of a Linux `stat` file (`/proc/<pid>/stat`, `/proc/self/task/<tid>/stat`) that follow
 * the command name, which is in parentheses and may hold spaces: index 0 is field 3 of proc(5)
 * (the state), so field N is at index N - 3.
 */
export function procStatFields(statFile: string): string[] {
  const stat = readFileSync(statFile, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
