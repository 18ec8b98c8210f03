import { writeFileSync } from 'node:fs';
import { commandCatalogue } from '@/app/commands/command-catalogue';
import {
  commandIdsPath,
  commandIdsSource,
  keyboardDocPath,
  keyboardMarkdown,
} from '@/app/commands/keyboard-doc';

// `npm run docs:keyboard`: writes docs/keyboard.md and the command ids' type from the command
// registry's catalogue.
writeFileSync(keyboardDocPath, keyboardMarkdown(commandCatalogue()));
writeFileSync(commandIdsPath, commandIdsSource(commandCatalogue()));
console.log(`wrote ${keyboardDocPath} and ${commandIdsPath}`);
