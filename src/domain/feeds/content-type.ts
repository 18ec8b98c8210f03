import { ArticleContentType } from '../enums';
import { tokenize } from './text';

/**
 * The content-type guess of an ingested article (spec 000 §3: Spam 1, Disease information 2,
 * Disease activity 3), by a short rule list whose reasons are kept so an analyst can see why:
 * 1. advertising words, or no disease named at all → Spam;
 * 2. a disease and words of activity (cases, outbreak, deaths, culled…) and a place → Disease activity;
 * 3. a disease otherwise → Disease information (research, vaccines, guidance, history).
 */

export interface ContentTypeGuess {
  readonly hamTypeId: ArticleContentType;
  readonly reasons: readonly string[];
}

const spamWords = new Set(
  'casino bitcoin crypto forex viagra cialis discount coupon deal deals giveaway sweepstakes lottery loan loans payday dating slimming weight-loss diet pills supplement supplements buy sale unsubscribe promo promotion webinar'.split(
    ' ',
  ),
);

const activityWords = new Set(
  'case cases outbreak outbreaks deaths death died dead killed confirmed suspected reported reports infections infected hospitalised hospitalized sickens sickened spreads spread cull culled detected detection notified confirms rises rise climb climbs surge toll patients'.split(
    ' ',
  ),
);

const informationWords = new Set(
  'study research researchers vaccine vaccines trial trials guidance guideline guidelines review history anniversary explainer symptoms prevention awareness funding'.split(
    ' ',
  ),
);

export interface ContentTypeInput {
  readonly title: string;
  readonly body: string;
  readonly diseaseCount: number;
  readonly placeCount: number;
}

export function guessContentType(input: ContentTypeInput): ContentTypeGuess {
  const words = tokenize(`${input.title} ${input.body}`).map((t) => t.word);
  const spam = words.filter((w) => spamWords.has(w));
  if (spam.length >= 2) {
    return {
      hamTypeId: ArticleContentType.Spam,
      reasons: [`advertising words: ${[...new Set(spam)].slice(0, 4).join(', ')}`],
    };
  }
  if (input.diseaseCount === 0) {
    return { hamTypeId: ArticleContentType.Spam, reasons: ['no disease named'] };
  }
  const activity = [...new Set(words.filter((w) => activityWords.has(w)))];
  const information = [...new Set(words.filter((w) => informationWords.has(w)))];
  if (activity.length > 0 && input.placeCount > 0 && activity.length >= information.length) {
    return {
      hamTypeId: ArticleContentType.DiseaseActivity,
      reasons: [`disease and place named`, `activity words: ${activity.slice(0, 4).join(', ')}`],
    };
  }
  return {
    hamTypeId: ArticleContentType.DiseaseInformation,
    reasons: [
      activity.length === 0 || input.placeCount === 0
        ? 'disease named without activity words and a place'
        : `information words outweigh activity words: ${information.slice(0, 4).join(', ')}`,
    ],
  };
}
