import { loadServerConfig } from './server/config';
import { openDatabase } from './server/db/client';
import { listDiseaseActivities } from './server/db/repositories/disease-activities';
import { benchActivitySearch } from './tests/bench/activity-search';
const d = await openDatabase(loadServerConfig());
const rows = await listDiseaseActivities(d.db, new Date().toISOString().slice(0, 10));
await d.close();
const json = JSON.parse(JSON.stringify(rows));
console.log(benchActivitySearch(json));
