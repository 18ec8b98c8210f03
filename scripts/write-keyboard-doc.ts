import { writeFileSync } from 'node:fs';
import { commandCatalogue } from '@/app/commands/command-catalogue';
import { keyboardDocPath, keyboardMarkdown } from '@/app/commands/keyboard-doc';

// `npm run docs:keyboard`: writes docs/keyboard.md from the command registry's catalogue.
writeFileSync(keyboardDocPath, keyboardMarkdown(commandCatalogue()));
console.log(`wrote ${keyboardDocPath}`);
