/**
 * Real-size feed items for the ingestion bench (issue 29): the labelled generator's items
 * (tests/bench/feeds-corpus.ts, 150–400 characters of text) lengthened to about the size of a
 * real outbreak report (2 KB of text) with the paragraphs such reports carry after their news:
 * what the disease is, the response, the risk assessment, advice. They name no place, so the
 * labels stay true; they name the item's disease as reports do, so the tagger reads real-size
 * text with real-size work. Every sentence opens with a word the story signature ignores and
 * names nothing else capitalised, so the padding does not make different stories look alike
 * (real reports' boilerplate varies more than twelve paragraphs can).
 */
import { seedDiseases } from '@server/seed/data/diseases';
import type { Rng } from '@server/seed/prng';
import { createRng } from '@server/seed/prng';
import type { LabelledItem } from './feeds-corpus';
import { generateLabelledItems } from './feeds-corpus';

const background: readonly ((disease: string) => string)[] = [
  (d) =>
    `${d} is a notifiable disease. The clinicians who see a suspected case are asked to report it within a day to the district surveillance officer, with the date of onset, the symptoms and any travel or contact history, so that the investigation can begin while contacts are still easy to find.`,
  () =>
    `The response so far includes active case finding in the affected communities, the isolation and treatment of patients, the tracing and daily follow-up of contacts for the length of the incubation period, and the collection of samples for confirmation at the national reference laboratory.`,
  () =>
    `The overall risk at national level is assessed as moderate and the regional risk as low. This assessment will be reviewed as more information on the number of cases, the chains of transmission and the capacity of the health services becomes available.`,
  (d) =>
    `The laboratory confirmation of ${d} relies on polymerase chain reaction testing of samples taken early in the illness; serology may be used later. In total several samples were shipped under cold chain and results are expected within the coming days.`,
  (d) =>
    `The public is advised to wash hands often with soap and water, to avoid contact with sick people and with their body fluids, and to seek care promptly when symptoms appear. All health workers should apply standard precautions with every patient and additional precautions when ${d} is suspected.`,
  () =>
    `The community engagement teams are working with local leaders, schools and religious groups to share accurate information, answer questions and counter rumours, which in earlier outbreaks delayed people from coming forward for care and slowed the response.`,
  () =>
    `The number of cases reported may change as investigations continue and as data are reconciled between facilities. Some cases reported earlier were reclassified after testing, and the figures for the most recent week are provisional.`,
  () =>
    `Their partners are supporting the ministry with supplies, logistics and technical staff, including epidemiologists, laboratory specialists and infection prevention experts. In addition funding has been released from the emergency fund to sustain the response for the next three months.`,
  () =>
    `As for vaccination, where a vaccine is available it is offered to contacts, health workers and people at higher risk. The stocks are monitored daily and additional doses have been requested so that the campaign is not interrupted.`,
  (d) =>
    `The surveillance has been strengthened at health facilities and at points of entry. In the meantime travellers are given information on the symptoms of ${d} and on where to seek care, but no restriction on travel or trade is advised on the basis of the information available.`,
  () =>
    `The animal health and environmental services are taking part in the investigation, since the source of infection has not yet been established, and samples from animals and the environment near the first cases are being tested.`,
  (d) =>
    `This is the first report of ${d} from the area this year. The seasonal factors, population movement and limited access to clean water and sanitation in some communities may favour further spread in the coming weeks.`,
];

const diseaseName = new Map(seedDiseases.map((d) => [d.diseaseId, d.displayName]));

/** The disease as a report names it in its background (its lookup name), or a generic word. */
const diseaseWord = (item: LabelledItem) =>
  diseaseName.get(item.labels.diseaseIds[0] ?? -1) ?? 'the disease';

function lengthen(rng: Rng, item: LabelledItem, bytes: number): LabelledItem {
  // Spam and unrelated news stays short, as it is in real feeds.
  if (item.labels.contentType === 1) return item;
  const disease = diseaseWord(item);
  const paragraphs = rng.sample(background, background.length);
  let text = item.text;
  for (const write of paragraphs) {
    if (Buffer.byteLength(text) >= bytes) break;
    text += ` ${write(disease)}`;
  }
  return { ...item, text };
}

/**
 * `count` labelled items (the generator's, reproducible for a seed) whose disease items carry
 * about `bytes` bytes of text; each seed gives other URLs, so a second batch is all new items.
 */
export function realSizeItems(count: number, seed: number, bytes = 2048): LabelledItem[] {
  const rng = createRng(seed ^ 0x29);
  return generateLabelledItems(count, seed, 20).map((item) => lengthen(rng, item, bytes));
}
