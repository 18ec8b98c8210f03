/** `npm run feeds:corpus`: writes the labelled set the feeds bench measures (300 items). */
import { writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { generateLabelledItems } from './feeds-corpus';
import { labelledSetPath } from './feeds';

const items = generateLabelledItems(300);
writeFileSync(labelledSetPath, await format(JSON.stringify(items), { parser: 'json' }));
console.log(`wrote ${items.length} labelled items to ${labelledSetPath}`);
