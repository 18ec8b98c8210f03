import Fuse from 'fuse.js';
import { loadServerConfig } from './server/config';
import { openDatabase } from './server/db/client';
import { listDiseaseActivities } from './server/db/repositories/disease-activities';
import { ActivityIndex } from './workers/activity-search/activity-index';
import { ActivityFinder } from './workers/activity-search/fuzzy-find';
const d = await openDatabase(loadServerConfig());
const rows = await listDiseaseActivities(d.db, new Date().toISOString().slice(0, 10));
await d.close();
const index = new ActivityIndex(rows);
console.log('vocab', index.words().length);
const fuse = new Fuse([...index.words()], {
  includeScore: true,
  threshold: 0.34,
  ignoreLocation: true,
  minMatchCharLength: 2,
});
const finder = new ActivityFinder(index);
for (const q of ['c', 'ch', 'chol', 'chol n', 'chol nig', 'cholrea nigeira', 'a b c']) {
  let t = performance.now();
  for (let i = 0; i < 20; i++) fuse.search(q.split(' ')[0] ?? '');
  const f = (performance.now() - t) / 20;
  t = performance.now();
  for (let i = 0; i < 20; i++) finder.find(q, 12);
  const g = (performance.now() - t) / 20;
  console.log(q, 'fuse', f.toFixed(2), 'find', g.toFixed(2));
}
