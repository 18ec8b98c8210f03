import { ArticleContentType, FeedSource } from '@domain/enums';

/** Simple id + name lookups of the seed (spec 000 §3 "Lookup data"). */
export interface Named {
  readonly id: number;
  readonly displayName: string;
}

/** Risk model 1 is the human one (spec 001 §5: the human species sets risk model 1). */
export const HUMAN_RISK_MODEL_ID = 1;
export const riskModels: readonly { riskModelId: number; displayName: string }[] = [
  { riskModelId: HUMAN_RISK_MODEL_ID, displayName: 'Human risk model' },
  { riskModelId: 2, displayName: 'Animal health risk model' },
  { riskModelId: 3, displayName: 'Zoonotic spillover risk model' },
  { riskModelId: 4, displayName: 'Vector-borne risk model' },
];

/** Feed names, ids from src/domain/enums.ts FeedSource. */
export const feeds: readonly { id: number; name: string }[] = [
  { id: FeedSource.ProMED, name: 'ProMED' },
  { id: FeedSource.WHO, name: 'WHO' },
  { id: FeedSource.GDELT, name: 'GDELT' },
  { id: FeedSource.WHOAfro, name: 'WHO Afro' },
  { id: FeedSource.EmpresI, name: 'EMPRES-i' },
  { id: FeedSource.PHAC, name: 'PHAC' },
  { id: FeedSource.BrazilEpi, name: 'Brazil Epi' },
  { id: FeedSource.WHOEMRO, name: 'WHO EMRO' },
  { id: FeedSource.RSS, name: 'RSS' },
  { id: FeedSource.NewsMedia, name: 'News Media' },
];

export const Category = {
  NewsMedia: 1,
  OfficialGovernment: 2,
  InternationalOrganisation: 3,
  AcademicScientific: 4,
  SocialMedia: 5,
  SurveillanceNetwork: 6,
} as const;

export const dataSourceCategories: readonly Named[] = [
  { id: Category.NewsMedia, displayName: 'News media' },
  { id: Category.OfficialGovernment, displayName: 'Official government' },
  { id: Category.InternationalOrganisation, displayName: 'International organisation' },
  { id: Category.AcademicScientific, displayName: 'Academic/Scientific' },
  { id: Category.SocialMedia, displayName: 'Social media' },
  { id: Category.SurveillanceNetwork, displayName: 'Surveillance network' },
];

export const Group = {
  NationalNewspaper: 1,
  RegionalNews: 2,
  WireService: 3,
  Broadcaster: 4,
  OnlineNews: 5,
  HealthTradePress: 6,
  MinistryOfHealth: 7,
  PublicHealthAgency: 8,
  VeterinaryAuthority: 9,
  WHO: 10,
  WHORegionalOffice: 11,
  WOAH: 12,
  FAO: 13,
  OtherInternational: 14,
  ScientificJournal: 15,
  ResearchInstitute: 16,
  XTwitter: 17,
  Facebook: 18,
  Blog: 19,
  ProMED: 20,
  EpidemicIntelligence: 21,
} as const;

export const dataSourceGroups: readonly (Named & { categoryId: number })[] = [
  { id: Group.NationalNewspaper, displayName: 'National newspaper', categoryId: Category.NewsMedia },
  { id: Group.RegionalNews, displayName: 'Regional newspaper', categoryId: Category.NewsMedia },
  { id: Group.WireService, displayName: 'Wire service', categoryId: Category.NewsMedia },
  { id: Group.Broadcaster, displayName: 'Broadcaster', categoryId: Category.NewsMedia },
  { id: Group.OnlineNews, displayName: 'Online news', categoryId: Category.NewsMedia },
  { id: Group.HealthTradePress, displayName: 'Health and trade press', categoryId: Category.NewsMedia },
  { id: Group.MinistryOfHealth, displayName: 'Ministry of Health', categoryId: Category.OfficialGovernment },
  { id: Group.PublicHealthAgency, displayName: 'Public health agency', categoryId: Category.OfficialGovernment },
  { id: Group.VeterinaryAuthority, displayName: 'Veterinary and agriculture authority', categoryId: Category.OfficialGovernment },
  { id: Group.WHO, displayName: 'WHO', categoryId: Category.InternationalOrganisation },
  { id: Group.WHORegionalOffice, displayName: 'WHO regional office', categoryId: Category.InternationalOrganisation },
  { id: Group.WOAH, displayName: 'WOAH', categoryId: Category.InternationalOrganisation },
  { id: Group.FAO, displayName: 'FAO', categoryId: Category.InternationalOrganisation },
  { id: Group.OtherInternational, displayName: 'Other international agency or NGO', categoryId: Category.InternationalOrganisation },
  { id: Group.ScientificJournal, displayName: 'Scientific journal', categoryId: Category.AcademicScientific },
  { id: Group.ResearchInstitute, displayName: 'University or research institute', categoryId: Category.AcademicScientific },
  { id: Group.XTwitter, displayName: 'X (Twitter)', categoryId: Category.SocialMedia },
  { id: Group.Facebook, displayName: 'Facebook', categoryId: Category.SocialMedia },
  { id: Group.Blog, displayName: 'Blog', categoryId: Category.SocialMedia },
  { id: Group.ProMED, displayName: 'ProMED', categoryId: Category.SurveillanceNetwork },
  { id: Group.EpidemicIntelligence, displayName: 'Epidemic intelligence network', categoryId: Category.SurveillanceNetwork },
];

export const Priority = { High: 1, Medium: 2, Low: 3 } as const;
export const dataSourcePriorities: readonly Named[] = [
  { id: Priority.High, displayName: 'High' },
  { id: Priority.Medium, displayName: 'Medium' },
  { id: Priority.Low, displayName: 'Low' },
];

export const hamTypes: readonly Named[] = [
  { id: ArticleContentType.Spam, displayName: 'Spam' },
  { id: ArticleContentType.DiseaseInformation, displayName: 'Disease information' },
  { id: ArticleContentType.DiseaseActivity, displayName: 'Disease activity' },
];

export const rejectionReasons: readonly Named[] = [
  { id: 1, displayName: 'Not relevant' },
  { id: 2, displayName: 'Duplicate' },
  { id: 3, displayName: 'Already captured' },
  { id: 4, displayName: 'Incorrect disease' },
  { id: 5, displayName: 'Incorrect location' },
  { id: 6, displayName: 'Insufficient information' },
  { id: 7, displayName: 'Historical event' },
  { id: 8, displayName: 'Unreliable source' },
];

/** Context tag groups and their tags; tag ids are global. */
export const contextTagGroups: readonly (Named & { tags: readonly Named[] })[] = [
  {
    id: 1,
    displayName: 'Event type',
    tags: [
      { id: 1, displayName: 'Outbreak' },
      { id: 2, displayName: 'Death' },
      { id: 3, displayName: 'Vaccination campaign' },
      { id: 4, displayName: 'Laboratory confirmation' },
      { id: 5, displayName: 'Travel advisory' },
      { id: 6, displayName: 'Product recall' },
      { id: 7, displayName: 'First case' },
    ],
  },
  {
    id: 2,
    displayName: 'Setting',
    tags: [
      { id: 8, displayName: 'Hospital' },
      { id: 9, displayName: 'School' },
      { id: 10, displayName: 'Farm' },
      { id: 11, displayName: 'Prison' },
      { id: 12, displayName: 'Refugee camp' },
      { id: 13, displayName: 'Market' },
      { id: 14, displayName: 'Cruise ship' },
      { id: 15, displayName: 'Mass gathering' },
      { id: 16, displayName: 'Care home' },
    ],
  },
  {
    id: 3,
    displayName: 'Transmission',
    tags: [
      { id: 17, displayName: 'Foodborne' },
      { id: 18, displayName: 'Waterborne' },
      { id: 19, displayName: 'Vector-borne' },
      { id: 20, displayName: 'Zoonotic spillover' },
      { id: 21, displayName: 'Healthcare-associated' },
      { id: 22, displayName: 'Imported case' },
    ],
  },
  {
    id: 4,
    displayName: 'Response',
    tags: [
      { id: 23, displayName: 'Quarantine' },
      { id: 24, displayName: 'Culling' },
      { id: 25, displayName: 'Movement restrictions' },
      { id: 26, displayName: 'Border measures' },
      { id: 27, displayName: 'School closure' },
    ],
  },
];

export const assessmentConcernLevels: readonly Named[] = [
  { id: 1, displayName: 'Low' },
  { id: 2, displayName: 'Moderate' },
  { id: 3, displayName: 'High' },
  { id: 4, displayName: 'Very high' },
];

export const assessmentConfidenceLevels: readonly Named[] = [
  { id: 1, displayName: 'Low' },
  { id: 2, displayName: 'Moderate' },
  { id: 3, displayName: 'High' },
];

export const assessmentCriteria: readonly (Named & { description: string })[] = [
  { id: 1, displayName: 'Severity', description: 'Case-fatality ratio, hospitalisations and severe outcomes compared with the usual course of the disease.' },
  { id: 2, displayName: 'Spread', description: 'Number of affected locations and how quickly new locations report cases.' },
  { id: 3, displayName: 'Unusual event', description: 'The disease, the season, the place or the affected population is unexpected.' },
  { id: 4, displayName: 'International spread', description: 'Exported cases, travel links or cross-border movement of people or animals.' },
  { id: 5, displayName: 'Response capacity', description: 'Whether local health or veterinary services can detect, treat and contain the event.' },
  { id: 6, displayName: 'Trade and travel restrictions', description: 'Likelihood that the event leads to restrictions on trade or travel.' },
  { id: 7, displayName: 'Information quality', description: 'Reliability and timeliness of the sources reporting the event.' },
];
