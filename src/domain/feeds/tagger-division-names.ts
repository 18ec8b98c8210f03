/**
 * English names of first-level divisions whose ISO 3166-2 names (the gazetteer's) are
 * transliterations an English report does not write (decision 0074), by ISO 3166-2 code.
 *
 * Russia's federal subjects: ISO gives 'Chuvashskaya Respublika', 'Kalmykiya, Respublika',
 * 'Primorskiy kray'; ProMED and the press write 'Chuvashia', 'Kalmykia', 'Primorsky Krai'. An
 * oblast named after its capital needs no entry (the city's name already places a report in
 * Russia), so the list holds the republics, krais and okrugs, and the oblasts whose English name is
 * not their capital's. Names from the subjects' English Wikipedia titles and their usual short
 * forms.
 */
export const divisionExonyms: Readonly<Record<string, readonly string[]>> = {
  'RU-AD': ['Adygea', 'Republic of Adygea'],
  'RU-AL': ['Altai Republic'],
  'RU-ALT': ['Altai Krai'],
  'RU-BA': ['Bashkortostan', 'Bashkiria'],
  'RU-BU': ['Buryatia'],
  'RU-CE': ['Chechnya', 'Chechen Republic'],
  'RU-CHU': ['Chukotka', 'Chukotka Autonomous Okrug'],
  'RU-CU': ['Chuvashia', 'Chuvash Republic', 'Republic of Chuvashia'],
  'RU-DA': ['Dagestan', 'Daghestan'],
  'RU-IN': ['Ingushetia'],
  'RU-KAM': ['Kamchatka', 'Kamchatka Krai'],
  'RU-KB': ['Kabardino-Balkaria', 'Kabardino-Balkarian Republic'],
  'RU-KC': ['Karachay-Cherkessia', 'Karachay-Cherkess Republic'],
  'RU-KDA': ['Krasnodar Krai', 'Kuban'],
  'RU-KHA': ['Khabarovsk Krai'],
  'RU-KHM': ['Khanty-Mansi Autonomous Okrug', 'Khanty-Mansiysk Autonomous Okrug', 'Yugra'],
  'RU-KK': ['Khakassia'],
  'RU-KL': ['Kalmykia', 'Republic of Kalmykia'],
  'RU-KO': ['Komi Republic'],
  'RU-KR': ['Karelia', 'Republic of Karelia'],
  'RU-KYA': ['Krasnoyarsk Krai'],
  'RU-LEN': ['Leningrad Oblast', 'Leningrad region'],
  'RU-ME': ['Mari El'],
  'RU-MO': ['Mordovia'],
  'RU-MOS': ['Moscow Oblast', 'Moscow region'],
  'RU-NEN': ['Nenets Autonomous Okrug'],
  'RU-PER': ['Perm Krai'],
  'RU-PRI': ['Primorsky Krai', 'Primorye', 'Primorsky'],
  'RU-SA': ['Yakutia', 'Sakha Republic', 'Republic of Sakha'],
  'RU-SE': ['North Ossetia', 'North Ossetia-Alania'],
  'RU-STA': ['Stavropol Krai'],
  'RU-SVE': ['Sverdlovsk Oblast', 'Sverdlovsk region'],
  'RU-TA': ['Tatarstan'],
  'RU-TY': ['Tuva', 'Tyva'],
  'RU-UD': ['Udmurtia'],
  'RU-YAN': ['Yamalo-Nenets Autonomous Okrug', 'Yamal-Nenets Autonomous Okrug', 'Yamal'],
  'RU-YEV': ['Jewish Autonomous Oblast'],
  'RU-ZAB': ['Zabaykalsky Krai', 'Transbaikalia', 'Zabaikalsky Krai'],
  // China's autonomous regions by their English names (decision 0086): ISO writes 'Xizang
  // Zizhiqu' and 'Nei Mongol Zizhiqu' where a report writes 'Tibet' and 'Inner Mongolia' ('Inner
  // Mongolia' was read as Mongolia). The provinces' short names ('Hunan', 'Guangxi') come from
  // `divisionShortName`.
  'CN-XZ': ['Tibet', 'Tibet Autonomous Region', 'Xizang Autonomous Region'],
  'CN-NM': ['Inner Mongolia', 'Inner Mongolia Autonomous Region'],
  'CN-XJ': ['Xinjiang Uyghur Autonomous Region', 'Xinjiang Uygur Autonomous Region'],
  'CN-GX': ['Guangxi Zhuang Autonomous Region'],
  'CN-NX': ['Ningxia Hui Autonomous Region'],
};

/**
 * Words ISO 3166-2 puts after a division's name in the country's language, which an English
 * report leaves out (decision 0086): China's 'Hunan Sheng' (province), 'Beijing Shi'
 * (municipality), 'Guangxi Zhuangzu Zizhiqu' (the Zhuang autonomous region), Kazakhstan's
 * 'Zhambyl oblysy' (region). Reports write 'Hunan', 'Guangxi', 'Zhambyl'.
 */
const localDivisionWords: ReadonlySet<string> = new Set([
  'sheng',
  'shi',
  'zizhiqu',
  'zhuangzu',
  'huizu',
  'uygur',
  'oblysy',
]);

/** A division's ISO name without its trailing local division words, or null when it has none. */
export function divisionShortName(name: string): string | null {
  const words = name.split(' ');
  let end = words.length;
  while (end > 1 && localDivisionWords.has((words[end - 1] ?? '').toLowerCase())) end -= 1;
  return end < words.length ? words.slice(0, end).join(' ') : null;
}

/**
 * English and former names of large cities that reports still write, where the gazetteer (all-the-
 * cities, GeoNames' main name only) has the current one (decision 0086): the city's gazetteer
 * name and its country's ISO 3166-1 code. 'Bangalore' was no place.
 */
export const cityExonyms: Readonly<Record<string, readonly [string, string]>> = {
  Bangalore: ['Bengaluru', 'IN'],
  Bombay: ['Mumbai', 'IN'],
  Calcutta: ['Kolkata', 'IN'],
  Madras: ['Chennai', 'IN'],
  Poona: ['Pune', 'IN'],
  Baroda: ['Vadodara', 'IN'],
  Trivandrum: ['Thiruvananthapuram', 'IN'],
  Saigon: ['Ho Chi Minh City', 'VN'],
  Rangoon: ['Yangon', 'MM'],
  Kiev: ['Kyiv', 'UA'],
  Peking: ['Beijing', 'CN'],
};
