import type { Command } from '@/app/commands/registry';

/** Groups commands by their `group`, keeping the registration order of groups and commands. */
export function groupCommands(commands: readonly Command[]): [string, Command[]][] {
  const groups = new Map<string, Command[]>();
  for (const command of commands) {
    const list = groups.get(command.group) ?? [];
    list.push(command);
    groups.set(command.group, list);
  }
  return [...groups.entries()];
}
