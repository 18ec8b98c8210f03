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
};
