import { FeedSource } from '@domain/enums';
import { Group, Priority } from './lookups';

/** A real news or institutional web domain, classified as GET /api/articles/dataSource does. */
export interface SeedSource {
  readonly domain: string;
  readonly groupId: number;
  readonly priorityId: number;
  /** The language the outlet publishes in (the article's originalLanguage). */
  readonly language: string;
  /** ISO2 of the outlet's home country, if it has one. */
  readonly country?: string;
  /** The feed its articles usually arrive by; NewsMedia when absent. */
  readonly feedId?: number;
}

const { High: H, Medium: M, Low: L } = Priority;
const en = 'English';

/** 101 domains across every source category. */
export const seedSources: readonly SeedSource[] = [
  // International organisations
  { domain: 'who.int', groupId: Group.WHO, priorityId: H, language: en, feedId: FeedSource.WHO },
  { domain: 'afro.who.int', groupId: Group.WHORegionalOffice, priorityId: H, language: en, feedId: FeedSource.WHOAfro },
  { domain: 'emro.who.int', groupId: Group.WHORegionalOffice, priorityId: H, language: en, feedId: FeedSource.WHOEMRO },
  { domain: 'paho.org', groupId: Group.WHORegionalOffice, priorityId: H, language: 'Spanish' },
  { domain: 'woah.org', groupId: Group.WOAH, priorityId: H, language: en, feedId: FeedSource.EmpresI },
  { domain: 'wahis.woah.org', groupId: Group.WOAH, priorityId: H, language: en, feedId: FeedSource.EmpresI },
  { domain: 'fao.org', groupId: Group.FAO, priorityId: H, language: en, feedId: FeedSource.EmpresI },
  { domain: 'ecdc.europa.eu', groupId: Group.OtherInternational, priorityId: H, language: en },
  { domain: 'unicef.org', groupId: Group.OtherInternational, priorityId: M, language: en },
  { domain: 'msf.org', groupId: Group.OtherInternational, priorityId: M, language: en },
  { domain: 'reliefweb.int', groupId: Group.OtherInternational, priorityId: M, language: en, feedId: FeedSource.RSS },
  // Official government
  { domain: 'cdc.gov', groupId: Group.PublicHealthAgency, priorityId: H, language: en, country: 'US' },
  { domain: 'aphis.usda.gov', groupId: Group.VeterinaryAuthority, priorityId: H, language: en, country: 'US' },
  { domain: 'canada.ca', groupId: Group.PublicHealthAgency, priorityId: H, language: en, country: 'CA', feedId: FeedSource.PHAC },
  { domain: 'gov.uk', groupId: Group.PublicHealthAgency, priorityId: H, language: en, country: 'GB' },
  { domain: 'ncdc.gov.ng', groupId: Group.PublicHealthAgency, priorityId: H, language: en, country: 'NG' },
  { domain: 'health.go.ke', groupId: Group.MinistryOfHealth, priorityId: H, language: en, country: 'KE' },
  { domain: 'health.go.ug', groupId: Group.MinistryOfHealth, priorityId: H, language: en, country: 'UG' },
  { domain: 'rki.de', groupId: Group.PublicHealthAgency, priorityId: H, language: 'German', country: 'DE' },
  { domain: 'santepubliquefrance.fr', groupId: Group.PublicHealthAgency, priorityId: H, language: 'French', country: 'FR' },
  { domain: 'mohfw.gov.in', groupId: Group.MinistryOfHealth, priorityId: H, language: en, country: 'IN' },
  { domain: 'moh.gov.sa', groupId: Group.MinistryOfHealth, priorityId: H, language: 'Arabic', country: 'SA', feedId: FeedSource.WHOEMRO },
  { domain: 'gov.br', groupId: Group.MinistryOfHealth, priorityId: H, language: 'Portuguese', country: 'BR', feedId: FeedSource.BrazilEpi },
  { domain: 'nhc.gov.cn', groupId: Group.MinistryOfHealth, priorityId: H, language: 'Chinese', country: 'CN' },
  { domain: 'mhlw.go.jp', groupId: Group.MinistryOfHealth, priorityId: H, language: 'Japanese', country: 'JP' },
  { domain: 'kdca.go.kr', groupId: Group.PublicHealthAgency, priorityId: H, language: 'Korean', country: 'KR' },
  { domain: 'health.gov.au', groupId: Group.MinistryOfHealth, priorityId: H, language: en, country: 'AU' },
  { domain: 'mpi.govt.nz', groupId: Group.VeterinaryAuthority, priorityId: H, language: en, country: 'NZ' },
  // Academic and scientific
  { domain: 'cidrap.umn.edu', groupId: Group.ResearchInstitute, priorityId: H, language: en, feedId: FeedSource.RSS },
  { domain: 'eurosurveillance.org', groupId: Group.ScientificJournal, priorityId: H, language: en },
  { domain: 'thelancet.com', groupId: Group.ScientificJournal, priorityId: M, language: en },
  { domain: 'nejm.org', groupId: Group.ScientificJournal, priorityId: M, language: en },
  { domain: 'nature.com', groupId: Group.ScientificJournal, priorityId: M, language: en },
  { domain: 'bmj.com', groupId: Group.ScientificJournal, priorityId: M, language: en },
  { domain: 'medrxiv.org', groupId: Group.ScientificJournal, priorityId: L, language: en },
  // Surveillance networks
  { domain: 'promedmail.org', groupId: Group.ProMED, priorityId: H, language: en, feedId: FeedSource.ProMED },
  { domain: 'flutrackers.com', groupId: Group.EpidemicIntelligence, priorityId: M, language: en, feedId: FeedSource.RSS },
  { domain: 'beaconbio.org', groupId: Group.EpidemicIntelligence, priorityId: M, language: en, feedId: FeedSource.RSS },
  { domain: 'healthmap.org', groupId: Group.EpidemicIntelligence, priorityId: M, language: en, feedId: FeedSource.GDELT },
  // Social media
  { domain: 'x.com', groupId: Group.XTwitter, priorityId: L, language: en, feedId: FeedSource.GDELT },
  { domain: 'facebook.com', groupId: Group.Facebook, priorityId: L, language: en, feedId: FeedSource.GDELT },
  { domain: 'avianflu.diary.blogspot.com', groupId: Group.Blog, priorityId: L, language: en, feedId: FeedSource.RSS },
  // Wire services and broadcasters
  { domain: 'reuters.com', groupId: Group.WireService, priorityId: H, language: en },
  { domain: 'apnews.com', groupId: Group.WireService, priorityId: H, language: en },
  { domain: 'afp.com', groupId: Group.WireService, priorityId: H, language: 'French' },
  { domain: 'xinhuanet.com', groupId: Group.WireService, priorityId: M, language: 'Chinese', country: 'CN', feedId: FeedSource.GDELT },
  { domain: 'tass.ru', groupId: Group.WireService, priorityId: M, language: 'Russian', country: 'RU', feedId: FeedSource.GDELT },
  { domain: 'bbc.co.uk', groupId: Group.Broadcaster, priorityId: H, language: en, country: 'GB' },
  { domain: 'cnn.com', groupId: Group.Broadcaster, priorityId: M, language: en, country: 'US' },
  { domain: 'aljazeera.com', groupId: Group.Broadcaster, priorityId: M, language: en },
  { domain: 'aljazeera.net', groupId: Group.Broadcaster, priorityId: M, language: 'Arabic', feedId: FeedSource.GDELT },
  { domain: 'france24.com', groupId: Group.Broadcaster, priorityId: M, language: 'French', country: 'FR' },
  { domain: 'dw.com', groupId: Group.Broadcaster, priorityId: M, language: 'German', country: 'DE' },
  { domain: 'abc.net.au', groupId: Group.Broadcaster, priorityId: M, language: en, country: 'AU' },
  { domain: 'cbc.ca', groupId: Group.Broadcaster, priorityId: M, language: en, country: 'CA' },
  { domain: 'nos.nl', groupId: Group.Broadcaster, priorityId: M, language: 'Dutch', country: 'NL' },
  { domain: 'ria.ru', groupId: Group.OnlineNews, priorityId: L, language: 'Russian', country: 'RU', feedId: FeedSource.GDELT },
  // National and regional newspapers, online news
  { domain: 'theguardian.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'GB' },
  { domain: 'nytimes.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'US' },
  { domain: 'washingtonpost.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'US' },
  { domain: 'lemonde.fr', groupId: Group.NationalNewspaper, priorityId: M, language: 'French', country: 'FR' },
  { domain: 'lefigaro.fr', groupId: Group.NationalNewspaper, priorityId: M, language: 'French', country: 'FR' },
  { domain: 'spiegel.de', groupId: Group.NationalNewspaper, priorityId: M, language: 'German', country: 'DE' },
  { domain: 'elpais.com', groupId: Group.NationalNewspaper, priorityId: M, language: 'Spanish', country: 'ES' },
  { domain: 'corriere.it', groupId: Group.NationalNewspaper, priorityId: M, language: 'Italian', country: 'IT' },
  { domain: 'publico.pt', groupId: Group.NationalNewspaper, priorityId: M, language: 'Portuguese', country: 'PT' },
  { domain: 'folha.uol.com.br', groupId: Group.NationalNewspaper, priorityId: M, language: 'Portuguese', country: 'BR' },
  { domain: 'g1.globo.com', groupId: Group.OnlineNews, priorityId: M, language: 'Portuguese', country: 'BR', feedId: FeedSource.BrazilEpi },
  { domain: 'clarin.com', groupId: Group.NationalNewspaper, priorityId: M, language: 'Spanish', country: 'AR' },
  { domain: 'eltiempo.com', groupId: Group.NationalNewspaper, priorityId: M, language: 'Spanish', country: 'CO' },
  { domain: 'elcomercio.pe', groupId: Group.NationalNewspaper, priorityId: M, language: 'Spanish', country: 'PE' },
  { domain: 'eluniversal.com.mx', groupId: Group.NationalNewspaper, priorityId: M, language: 'Spanish', country: 'MX' },
  { domain: 'punchng.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'NG' },
  { domain: 'vanguardngr.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'NG' },
  { domain: 'premiumtimesng.com', groupId: Group.OnlineNews, priorityId: M, language: en, country: 'NG' },
  { domain: 'nation.africa', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'KE' },
  { domain: 'monitor.co.ug', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'UG' },
  { domain: 'news24.com', groupId: Group.OnlineNews, priorityId: M, language: en, country: 'ZA' },
  { domain: 'ahram.org.eg', groupId: Group.NationalNewspaper, priorityId: M, language: 'Arabic', country: 'EG' },
  { domain: 'thehindu.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'IN' },
  { domain: 'timesofindia.indiatimes.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'IN' },
  { domain: 'dawn.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'PK' },
  { domain: 'thedailystar.net', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'BD' },
  { domain: 'scmp.com', groupId: Group.RegionalNews, priorityId: M, language: en, country: 'CN' },
  { domain: 'japantimes.co.jp', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'JP' },
  { domain: 'koreaherald.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'KR' },
  { domain: 'vnexpress.net', groupId: Group.OnlineNews, priorityId: M, language: 'Vietnamese', country: 'VN' },
  { domain: 'bangkokpost.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'TH' },
  { domain: 'inquirer.net', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'PH' },
  { domain: 'thejakartapost.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'ID' },
  { domain: 'arabnews.com', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'SA' },
  { domain: 'kyivindependent.com', groupId: Group.OnlineNews, priorityId: M, language: en, country: 'UA' },
  { domain: 'nzherald.co.nz', groupId: Group.NationalNewspaper, priorityId: M, language: en, country: 'NZ' },
  { domain: 'outbreaknewstoday.com', groupId: Group.OnlineNews, priorityId: M, language: en, feedId: FeedSource.RSS },
  { domain: 'bnonews.com', groupId: Group.OnlineNews, priorityId: L, language: en, feedId: FeedSource.RSS },
  { domain: 'statnews.com', groupId: Group.HealthTradePress, priorityId: M, language: en, country: 'US' },
  { domain: 'medicalxpress.com', groupId: Group.HealthTradePress, priorityId: L, language: en },
  { domain: 'thepoultrysite.com', groupId: Group.HealthTradePress, priorityId: L, language: en },
  { domain: 'pig333.com', groupId: Group.HealthTradePress, priorityId: L, language: en },
  { domain: 'farmersweekly.co.za', groupId: Group.HealthTradePress, priorityId: L, language: en, country: 'ZA' },
];
