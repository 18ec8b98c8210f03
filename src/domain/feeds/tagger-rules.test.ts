import { describe, expect, it } from 'vitest';
import { LocationType } from '../enums';
import type { GazetteerPlace } from './tagger';
import { Tagger } from './tagger';

/**
 * The tagger's rules of issue 29 on a small gazetteer of real places (populations from GeoNames,
 * rounded): names as written in five languages, place names that are ordinary words or sit inside
 * disease names, and what an article is about against what it mentions. Expected tags are what a
 * reader of each sentence would say.
 */
const { City, State, Country } = LocationType;

const country = (id: number, name: string, isoCode: string, population: number) =>
  ({ id, name, locationType: Country, countryId: id, population, isoCode }) as GazetteerPlace;
const place = (id: number, name: string, locationType: number, countryId: number, pop: number) =>
  ({ id, name, locationType, countryId, population: pop }) as GazetteerPlace;

const ids = {
  cameroon: 1,
  bangladesh: 2,
  sudan: 3,
  uganda: 4,
  saudiArabia: 5,
  nigeria: 6,
  germany: 7,
  japan: 8,
  spain: 9,
  guinea: 10,
  france: 11,
  unitedStates: 12,
  croatia: 13,
  maldives: 14,
  drc: 15,
  ivoryCoast: 16,
  myanmar: 17,
  eswatini: 18,
  brazil: 19,
  peru: 20,
  georgia: 21,
  turkey: 22,
  kenya: 23,
  rwanda: 24,
  unitedKingdom: 25,
} as const;

const places: GazetteerPlace[] = [
  country(ids.cameroon, 'Cameroon', 'CM', 28_600_000),
  place(101, 'North', State, ids.cameroon, 2_400_000),
  place(102, 'South', State, ids.cameroon, 750_000),
  place(103, 'East', State, ids.cameroon, 800_000),
  place(104, 'West', State, ids.cameroon, 1_900_000),
  country(ids.bangladesh, 'Bangladesh', 'BD', 171_000_000),
  place(201, 'Dhaka', City, ids.bangladesh, 10_400_000),
  country(ids.sudan, 'Sudan', 'SD', 48_000_000),
  country(ids.uganda, 'Uganda', 'UG', 48_000_000),
  place(401, 'Kampala', City, ids.uganda, 1_350_000),
  place(402, 'Mubende', City, ids.uganda, 100_000),
  country(ids.saudiArabia, 'Saudi Arabia', 'SA', 36_000_000),
  place(501, 'Riyadh', City, ids.saudiArabia, 4_200_000),
  country(ids.nigeria, 'Nigeria', 'NG', 224_000_000),
  place(601, 'Lassa', City, ids.nigeria, 20_000),
  country(ids.germany, 'Germany', 'DE', 84_000_000),
  place(701, 'Marburg', City, ids.germany, 76_000),
  place(702, 'Berlin', City, ids.germany, 3_400_000),
  country(ids.japan, 'Japan', 'JP', 124_000_000),
  country(ids.spain, 'Spain', 'ES', 48_000_000),
  country(ids.guinea, 'Guinea', 'GN', 14_000_000),
  country(ids.france, 'France', 'FR', 68_000_000),
  place(1101, 'Nice', City, ids.france, 340_000),
  country(ids.unitedStates, 'United States', 'US', 335_000_000),
  place(1201, 'Mobile', City, ids.unitedStates, 190_000),
  place(1202, 'Georgia', State, ids.unitedStates, 10_900_000),
  place(1203, 'Atlanta', City, ids.unitedStates, 500_000),
  country(ids.croatia, 'Croatia', 'HR', 3_900_000),
  place(1301, 'Split', City, ids.croatia, 178_000),
  country(ids.maldives, 'Maldives', 'MV', 520_000),
  place(1401, 'Male', City, ids.maldives, 130_000),
  country(ids.drc, 'Democratic Republic of the Congo', 'CD', 102_000_000),
  country(ids.ivoryCoast, "Côte d'Ivoire", 'CI', 28_000_000),
  country(ids.myanmar, 'Myanmar', 'MM', 54_000_000),
  country(ids.eswatini, 'Eswatini', 'SZ', 1_200_000),
  country(ids.brazil, 'Brazil', 'BR', 216_000_000),
  country(ids.peru, 'Peru', 'PE', 34_000_000),
  country(ids.georgia, 'Georgia', 'GE', 3_700_000),
  country(ids.turkey, 'Turkey', 'TR', 85_000_000),
  country(ids.kenya, 'Kenya', 'KE', 55_000_000),
  country(ids.rwanda, 'Rwanda', 'RW', 14_000_000),
  country(ids.unitedKingdom, 'United Kingdom', 'GB', 68_000_000),
  place(2501, 'Reading', City, ids.unitedKingdom, 170_000),
];

const disease = {
  cholera: 1,
  measles: 2,
  dengue: 4,
  ebola: 5,
  marburg: 6,
  h5n1: 7,
  lassa: 12,
  zika: 18,
  westNile: 19,
  mers: 21,
  japaneseEncephalitis: 43,
  h9n2: 49,
  meningococcal: 32,
  influenza: 58,
  malaria: 61,
  typhoid: 33,
  covid: 35,
  salmonellosis: 40,
} as const;

const tagger = new Tagger({
  diseases: [
    { diseaseId: disease.cholera, displayName: 'Cholera' },
    { diseaseId: disease.measles, displayName: 'Measles' },
    { diseaseId: disease.dengue, displayName: 'Dengue' },
    { diseaseId: disease.ebola, displayName: 'Ebola virus disease' },
    { diseaseId: disease.marburg, displayName: 'Marburg virus disease' },
    { diseaseId: disease.h5n1, displayName: 'Avian influenza A(H5N1)' },
    { diseaseId: disease.lassa, displayName: 'Lassa fever' },
    { diseaseId: disease.zika, displayName: 'Zika virus disease' },
    { diseaseId: disease.westNile, displayName: 'West Nile virus infection' },
    { diseaseId: disease.mers, displayName: 'Middle East respiratory syndrome (MERS)' },
    { diseaseId: disease.japaneseEncephalitis, displayName: 'Japanese encephalitis' },
    { diseaseId: disease.h9n2, displayName: 'Avian influenza A(H9N2)' },
    { diseaseId: disease.meningococcal, displayName: 'Meningococcal disease' },
    { diseaseId: disease.influenza, displayName: 'Influenza (seasonal)' },
    { diseaseId: disease.malaria, displayName: 'Malaria' },
    { diseaseId: disease.typhoid, displayName: 'Typhoid fever' },
    { diseaseId: disease.covid, displayName: 'COVID-19' },
    { diseaseId: disease.salmonellosis, displayName: 'Salmonellosis' },
  ],
  places,
  contextTags: [],
});

describe('Tagger: names as they are written', () => {
  it.each([
    ['Ebola in DRC', ids.drc],
    ['Ebola in DR Congo', ids.drc],
    ['Ebola in Congo-Kinshasa', ids.drc],
    ['Cholera in Ivory Coast', ids.ivoryCoast],
    ["Cholera in Côte d'Ivoire", ids.ivoryCoast],
    ["Cholera in Cote d'Ivoire", ids.ivoryCoast],
    ['Measles in Türkiye', ids.turkey],
    ['Measles in Turkey', ids.turkey],
    ['Dengue in Burma', ids.myanmar],
    ['Measles in the U.S.', ids.unitedStates],
    ['Measles in the US', ids.unitedStates],
    ['Measles in the U.K.', ids.unitedKingdom],
    ['Measles in Swaziland', ids.eswatini],
    ['Measles in Eswatini', ids.eswatini],
  ])('%s', (title, countryId) => {
    expect(tagger.tag(title, '').countryIds).toEqual([countryId]);
  });

  it('reads acronyms only as written, in capitals', () => {
    expect(tagger.tag('Measles: what it means for us', 'Tell us more.').countryIds).toEqual([]);
    expect(tagger.tag('Cholera: an update', 'Us and them.').countryIds).toEqual([]);
  });

  it('reads WHO and press names of diseases and pathogens', () => {
    const mers = tagger.tag(
      'Saudi Arabia reports MERS-CoV cases',
      'Two cases of Middle East respiratory syndrome coronavirus infection were reported in Riyadh.',
    );
    expect(mers.diseaseIds).toEqual([disease.mers]);
    // 'Middle East' names no place of the gazetteer and is consumed by the disease's name.
    expect(mers.countryIds).toEqual([ids.saudiArabia]);
    expect(tagger.tag('Human infection with avian influenza A(H9N2)', '').diseaseIds).toEqual([
      disease.h9n2,
    ]);
    expect(tagger.tag('H5N1 detected in dairy cattle', '').diseaseIds).toEqual([disease.h5n1]);
    expect(tagger.tag('Vibrio cholerae found in river water', '').diseaseIds).toEqual([
      disease.cholera,
    ]);
  });

  it('reads French, Spanish, Portuguese and Arabic', () => {
    const fr = tagger.tag(
      'Choléra : flambée en République démocratique du Congo',
      "Le ministère de la Santé signale 300 cas de choléra dans l'est du pays.",
    );
    expect(fr).toMatchObject({ diseaseIds: [disease.cholera], countryIds: [ids.drc] });
    const es = tagger.tag(
      'Brote de sarampión en Perú',
      'El Ministerio de Salud confirmó 12 casos de sarampión en Lima.',
    );
    expect(es).toMatchObject({ diseaseIds: [disease.measles], countryIds: [ids.peru] });
    const pt = tagger.tag(
      'Surto de dengue no Brasil',
      'O Ministério da Saúde registrou um aumento de casos de dengue.',
    );
    expect(pt).toMatchObject({ diseaseIds: [disease.dengue], countryIds: [ids.brazil] });
    const ar = tagger.tag('تفشي الكوليرا في السودان', 'سجلت وزارة الصحة حالات جديدة بالكوليرا');
    expect(ar).toMatchObject({ diseaseIds: [disease.cholera], countryIds: [ids.sudan] });
    // French writes the adjective of a country's name in lower case; the first word stays a capital.
    expect(tagger.tag('MERS en Arabie saoudite', '').countryIds).toEqual([ids.saudiArabia]);
    expect(tagger.tag('Rougeole au Royaume-Uni', '').countryIds).toEqual([ids.unitedKingdom]);
    expect(tagger.tag('Choléra en République démocratique du Congo', '').countryIds).toEqual([
      ids.drc,
    ]);
    expect(tagger.tag('Le choléra et arabie saoudite', '').countryIds).toEqual([]);
    // A name joined to its proclitic ('والسودان': 'and Sudan').
    expect(tagger.tag('حالات الكوليرا والسودان', '').countryIds).toEqual([ids.sudan]);
  });
});

describe('Tagger: place names that are ordinary words or inside disease names', () => {
  it('does not take North, South, East and West in ordinary sentences for regions', () => {
    const tags = tagger.tag(
      'Nipah virus cases in Bangladesh',
      'Cases rose in the North of the country. South of Dhaka, two villages reported deaths. ' +
        'West of the river, East Bengal health workers traced contacts.',
    );
    expect(tags.countryIds).toEqual([ids.bangladesh]);
    expect(tags.mentionedCountryIds).toEqual([ids.bangladesh]);
  });

  it('takes a region named with its qualifier and country', () => {
    const tags = tagger.tag(
      'Cholera in Cameroon',
      'The outbreak started in the North Region, Cameroon, and reached the East Region.',
    );
    expect(tags.countryIds).toEqual([ids.cameroon]);
    expect(tags.locationIds).toEqual([ids.cameroon, 101, 103]);
  });

  it('does not take countries and towns inside disease names', () => {
    const svd = tagger.tag(
      'Sudan virus disease outbreak in Uganda',
      'The Ministry of Health confirmed Sudan virus disease in Mubende district.',
    );
    expect(svd).toMatchObject({ diseaseIds: [disease.ebola], countryIds: [ids.uganda] });
    expect(svd.mentionedCountryIds).not.toContain(ids.sudan);
    expect(tagger.tag('Lassa fever cases rise', '').countryIds).toEqual([]);
    expect(tagger.tag('Marburg virus disease confirmed', '').countryIds).toEqual([]);
    expect(tagger.tag('West Nile virus in horses', '').diseaseIds).toEqual([disease.westNile]);
    expect(tagger.tag('Japanese encephalitis vaccination', '').countryIds).toEqual([]);
    expect(tagger.tag('Zika virus: travel advice', '').diseaseIds).toEqual([disease.zika]);
    expect(tagger.tag('A century after the Spanish flu', '').countryIds).toEqual([]);
    expect(tagger.tag('Guinea worm eradication nears', '').countryIds).toEqual([]);
  });

  it('takes Nice, Mobile, Split, Reading and Male only as places, not as words', () => {
    for (const text of [
      'It was nice to see vaccination rise. Nice work by the teams.',
      'Mobile clinics reached the villages.',
      'Split decisions on school closures.',
      'Reading the report, officials found more cases.',
      'Male patients were more affected.',
    ]) {
      expect(tagger.tag('Measles cases rise', text).countryIds).toEqual([]);
    }
    expect(tagger.tag('Measles in Nice, France', '').locationIds).toEqual([1101, ids.france]);
    expect(tagger.tag('Measles in Split, Croatia', '').locationIds).toEqual([1301, ids.croatia]);
    expect(tagger.tag('Cholera in Male, Maldives', '').locationIds).toEqual([1401, ids.maldives]);
  });

  it('tells Georgia the country from Georgia the US state by the country named', () => {
    expect(tagger.tag('Measles in Georgia', 'Tbilisi hospitals report cases.').countryIds).toEqual([
      ids.georgia,
    ]);
    const us = tagger.tag(
      'Measles in Georgia, United States',
      'Atlanta hospitals report cases in Georgia.',
    );
    expect(us.countryIds).toEqual([ids.unitedStates]);
    expect(us.locationIds).toContain(1202);
  });
});

describe('Tagger: what an article is about, apart from what it mentions', () => {
  it('leaves a traveller origin, a neighbour and an earlier outbreak out of the about tags', () => {
    const tags = tagger.tag(
      'Ebola outbreak in Uganda: 12 cases confirmed',
      'The Ministry of Health of Uganda confirmed 12 cases of Ebola virus disease in Mubende ' +
        'and Kampala, with four deaths. Contact tracing continues in both districts and ' +
        'health workers have been vaccinated. The index case had no travel history. ' +
        'Surveillance was strengthened at the border. In a separate statement, officials said ' +
        'a traveller who returned from Kenya tested negative, neighbouring Rwanda raised its ' +
        'alert level, and the response drew on lessons from the earlier outbreak in the DRC. ' +
        'Measles vaccination also continues in the region.',
    );
    expect(tags.countryIds).toEqual([ids.uganda]);
    expect(tags.diseaseIds).toEqual([disease.ebola]);
    expect(tags.locationIds).toEqual([ids.uganda, 402, 401]);
    expect(tags.mentionedCountryIds).toEqual(
      expect.arrayContaining([ids.uganda, ids.kenya, ids.rwanda, ids.drc]),
    );
    expect(tags.mentionedDiseaseIds).toEqual([disease.ebola, disease.measles]);
  });

  it('keeps two countries an article is equally about, the one in the title first', () => {
    const tags = tagger.tag(
      'Cholera spreads from Nigeria to Cameroon',
      'Nigeria reported 1,200 cases and Cameroon 400 cases along the shared border.',
    );
    expect(tags.countryIds).toEqual([ids.nigeria, ids.cameroon]);
  });

  it('counts acute watery diarrhoea as cholera only beside cholera itself', () => {
    expect(tagger.tag('Acute watery diarrhoea in Sudan', '').diseaseIds).toEqual([]);
    expect(
      tagger.tag('Cholera in Sudan', 'Cases of acute watery diarrhoea (AWD) keep rising.')
        .diseaseIds,
    ).toEqual([disease.cholera]);
  });
});

describe('Tagger: disease names that report no disease', () => {
  it('counts no disease named in a job title or in the name of a body', () => {
    const officer = tagger.tag(
      'Encephalitis deaths in Bihar',
      'East Champaran district malaria officer Dr Verma said fogging would start in a day.',
    );
    expect(officer.mentionedDiseaseIds).toEqual([]);
    const centre = tagger.tag(
      'Egypt reports three human cases of avian influenza A(H5N1)',
      'The cases were confirmed by the Central Public Health Laboratories, a National ' +
        'Influenza Center of the WHO Global Influenza Surveillance Network.',
    );
    expect(centre.mentionedDiseaseIds).toEqual([disease.h5n1]);
    expect(
      tagger.tag('Update', 'The national TB programme and the Malaria Consortium met.'),
    ).toMatchObject({ mentionedDiseaseIds: [] });
  });

  it('still counts the disease written as a report of it', () => {
    expect(
      tagger.tag('Update', 'Officials said Malaria cases rose in the district.').diseaseIds,
    ).toEqual([disease.malaria]);
    expect(tagger.tag('Malaria Outbreak Declared In The North', '').diseaseIds).toEqual([
      disease.malaria,
    ]);
    expect(tagger.tag('Update', 'The malaria outbreak reached the district.').diseaseIds).toEqual([
      disease.malaria,
    ]);
  });

  it('reads bird flu as H5N1 when the article names H5N1 and no other avian subtype', () => {
    // With no subtype written, bird flu is an avian influenza of a subtype not known (decision
    // 0087); with H5N1 written anywhere, it is H5N1.
    expect(
      tagger.tag('Bird flu on a poultry farm', 'The ministry confirmed bird flu in a flock.')
        .diseaseIds,
    ).toEqual([]);
    expect(
      tagger.tag(
        'Bird flu on a poultry farm',
        'The ministry confirmed bird flu in a flock. Tests found the H5N1 strain.',
      ).diseaseIds,
    ).toEqual([disease.h5n1]);
    expect(
      tagger.tag(
        'Bird flu on a poultry farm',
        'A case of highly contagious H5N8 bird flu was confirmed on a farm in Brillon.',
      ).mentionedDiseaseIds,
    ).toEqual([]);
    expect(
      tagger.tag('H7 avian influenza in layer hens', 'The flock of avian influenza was culled.')
        .mentionedDiseaseIds,
    ).toEqual([]);
    // A human seasonal subtype named for comparison takes nothing from H5N1.
    expect(
      tagger.tag(
        'Avian influenza A(H5N1) spreads in Cambodia',
        'Unlike seasonal H3N2, bird flu kills.',
      ).diseaseIds,
    ).toEqual([disease.h5n1]);
    // H9N2 named: bird flu is no H5N1, H9N2 is tagged by its own name.
    expect(
      tagger.tag('Avian influenza A(H9N2) in a child', 'The child had bird flu symptoms.')
        .diseaseIds,
    ).toEqual([disease.h9n2]);
  });
});

describe('Tagger: diseases named but not reported, and names read by context (decision 0071)', () => {
  // Sixty words of report that name no disease: what follows them is past the lead.
  const pastTheLead =
    'Officials from the ministry met farmers on Monday to explain the movement restrictions, ' +
    'the cleaning of sheds and the compensation paid for each bird culled. Inspectors will ' +
    'visit every holding within ten kilometres during the next three weeks, and traders were ' +
    'asked to keep records of every sale and every delivery made since the start of the month ' +
    'until further notice. ';

  it('reads "flu-like" and "influenza like illness" as a likeness, not as influenza', () => {
    const tags = tagger.tag(
      'Malaria cases rise in Guinea',
      'Patients came in with flu-like symptoms and an influenza like illness; the tests showed malaria.',
    );
    expect(tags.diseaseIds).toEqual([disease.malaria]);
    expect(tags.mentionedDiseaseIds).toEqual([disease.malaria]);
    expect(tagger.tag('Flu season starts early', 'Influenza cases doubled.').diseaseIds).toEqual([
      disease.influenza,
    ]);
  });

  it('leaves out diseases named in comparison or ruled out, even in the lead', () => {
    const zika = tagger.tag(
      'Zika confirmed in Brazil',
      'The fever looked like dengue at first, and the virus is no milder than dengue, but the ' +
        'laboratory confirmed Zika in all four patients.',
    );
    expect(zika.diseaseIds).toEqual([disease.zika]);
    expect(zika.mentionedDiseaseIds).toContain(disease.dengue);
    const ruledOut = tagger.tag(
      'Lassa fever in Nigeria',
      'Doctors ruled out malaria before the Lassa fever test came back positive.',
    );
    expect(ruledOut.diseaseIds).toEqual([disease.lassa]);
    // Named as the report's subject, the same words count.
    expect(tagger.tag('Update', 'Dengue cases rose in Peru this week.').diseaseIds).toEqual([
      disease.dengue,
    ]);
  });

  it('leaves out a disease named for an earlier year than the article is written in', () => {
    const tags = tagger.tag(
      'Cholera in Guinea',
      'Cholera cases rose in March 2024, health officials said, recalling how the 2014 Ebola ' +
        'epidemic overwhelmed the same clinics.',
    );
    expect(tags.diseaseIds).toEqual([disease.cholera]);
    expect(tags.mentionedDiseaseIds).toContain(disease.ebola);
    // The year the article is written in is no history.
    expect(
      tagger.tag('Update', 'In 2024 Ebola cases were confirmed in Guinea.').diseaseIds,
    ).toEqual([disease.ebola]);
  });

  it('reads Salmonella serovar Typhi as typhoid fever and Paratyphi as neither', () => {
    expect(
      tagger.tag(
        'Fever cases in Peru',
        '_Salmonella enterica_ serovar Typhi grew from the blood cultures.',
      ).diseaseIds,
    ).toEqual([disease.typhoid]);
    expect(
      tagger.tag('Fever cases in Peru', 'Salmonella Paratyphi A grew from the blood cultures.')
        .mentionedDiseaseIds,
    ).toEqual([]);
    expect(
      tagger.tag('Eggs recalled', 'Salmonella Enteritidis was found in the eggs.').diseaseIds,
    ).toEqual([disease.salmonellosis]);
  });

  it('reads an unqualified coronavirus by the years the article writes', () => {
    // Before COVID-19, the novel coronavirus of Saudi Arabia's reports was MERS-CoV.
    expect(
      tagger.tag('Update', 'Riyadh reported a new case of the novel coronavirus on 3 May 2013.')
        .diseaseIds,
    ).toEqual([disease.mers]);
    expect(
      tagger.tag('Update', 'Coronavirus cases rose in Riyadh in March 2021.').diseaseIds,
    ).toEqual([disease.covid]);
    expect(tagger.tag('Coronavirus cases rise in Spain', '').diseaseIds).toEqual([disease.covid]);
    // COVID-19 named outright needs no year, and a 2019 written beside it makes no MERS.
    expect(
      tagger.tag('Update', 'The 2019-nCoV, a coronavirus first seen in December 2019, spread.')
        .diseaseIds,
    ).toEqual([disease.covid]);
    // An animal's coronavirus is neither.
    expect(
      tagger.tag(
        'Update',
        'Porcine coronavirus hit pig farms in 2015 and canine coronavirus in 2022.',
      ).mentionedDiseaseIds,
    ).toEqual([]);
  });

  it('does not fall back on H5N1 named once far down in a report on another avian subtype', () => {
    const h7 = tagger.tag(
      'H7 avian influenza on a layer farm',
      `${pastTheLead}This is not the H5N1 strain.`,
    );
    expect(h7.diseaseIds).toEqual([]);
    expect(h7.mentionedDiseaseIds).toEqual([disease.h5n1]);
    // Without another subtype, a report naming H5N1 once far down still has that disease.
    expect(
      tagger.tag('Poultry deaths on a farm', `${pastTheLead}Tests found H5N1.`).diseaseIds,
    ).toEqual([disease.h5n1]);
  });
});

describe('Tagger: bad inputs', () => {
  it('returns no tags for empty, punctuation-only or name-free text', () => {
    const none = {
      diseaseIds: [],
      countryIds: [],
      locationIds: [],
      contextTagIds: [],
      mentionedDiseaseIds: [],
      mentionedCountryIds: [],
    };
    expect(tagger.tag('', '')).toEqual(none);
    expect(tagger.tag('!!! ...', '— « » ; : ?')).toEqual(none);
    expect(tagger.tag('\u0000\uFFFD', '\uD800 lone surrogate')).toEqual(none);
  });

  it('reads a long run of ambiguous words without tagging them', () => {
    const text = 'North South East West Male Nice Mobile Split Reading. '.repeat(5_000);
    expect(tagger.tag('Update', text).countryIds).toEqual([]);
  });
});

describe('Tagger: places read by their qualifiers and the places around them (decision 0073)', () => {
  const more = {
    ukraine: 30,
    australia: 31,
    canada: 32,
    southAfrica: 33,
    chile: 34,
    dominicanRepublic: 35,
    liberia: 36,
    sierraLeone: 37,
    philippines: 38,
    netherlands: 39,
    burundi: 40,
    madagascar: 41,
    malaysia: 42,
  } as const;
  const town = {
    odesa: 3001,
    odessaTexas: 1211,
    texas: 1210,
    victoria: 3101,
    westernAustralia: 3102,
    labradorAustralia: 3103,
    newfoundland: 3201,
    kimberley: 3301,
    blackburn: 2502,
    london: 2503,
    pinto: 901,
    chillan: 3401,
    santiago: 3402,
    tamboril: 3501,
    genevaUs: 1212,
    asia: 3801,
    waverly: 1213,
    terengganu: 4201,
  } as const;
  const ppr = 70;
  const plague = 71;
  const placeTagger = new Tagger({
    diseases: [
      { diseaseId: disease.ebola, displayName: 'Ebola virus disease' },
      { diseaseId: disease.mers, displayName: 'Middle East respiratory syndrome (MERS)' },
      { diseaseId: disease.covid, displayName: 'COVID-19' },
      { diseaseId: disease.salmonellosis, displayName: 'Salmonellosis' },
      { diseaseId: ppr, displayName: 'Peste des petits ruminants' },
      { diseaseId: plague, displayName: 'Plague' },
    ],
    places: [
      ...places,
      country(more.ukraine, 'Ukraine', 'UA', 37_000_000),
      place(town.odesa, 'Odessa', City, more.ukraine, 1_000_000),
      place(town.texas, 'Texas', State, ids.unitedStates, 30_000_000),
      place(town.odessaTexas, 'Odessa', City, ids.unitedStates, 119_000),
      country(more.australia, 'Australia', 'AU', 26_000_000),
      place(town.victoria, 'Victoria', State, more.australia, 6_700_000),
      place(town.westernAustralia, 'Western Australia', State, more.australia, 2_800_000),
      place(town.labradorAustralia, 'Labrador', City, more.australia, 18_000),
      country(more.canada, 'Canada', 'CA', 40_000_000),
      place(town.newfoundland, 'Newfoundland and Labrador', State, more.canada, 510_000),
      place(3202, 'Victoria', City, more.canada, 290_000),
      country(more.southAfrica, 'South Africa', 'ZA', 60_000_000),
      place(town.kimberley, 'Kimberley', City, more.southAfrica, 142_000),
      place(town.blackburn, 'Blackburn', City, ids.unitedKingdom, 146_000),
      place(town.london, 'London', City, ids.unitedKingdom, 8_900_000),
      place(town.pinto, 'Pinto', City, ids.spain, 43_000),
      country(more.chile, 'Chile', 'CL', 19_000_000),
      place(town.chillan, 'Chillán', City, more.chile, 150_000),
      place(town.santiago, 'Santiago', City, more.chile, 4_800_000),
      country(more.dominicanRepublic, 'Dominican Republic', 'DO', 11_000_000),
      place(town.tamboril, 'Tamboril', City, more.dominicanRepublic, 23_000),
      place(town.genevaUs, 'Geneva', City, ids.unitedStates, 21_000),
      country(more.liberia, 'Liberia', 'LR', 5_300_000),
      country(more.sierraLeone, 'Sierra Leone', 'SL', 8_800_000),
      country(more.philippines, 'Philippines', 'PH', 117_000_000),
      place(town.asia, 'Asia', City, more.philippines, 23_000),
      country(more.netherlands, 'Netherlands', 'NL', 17_800_000),
      place(town.waverly, 'Waverly', City, ids.unitedStates, 24_000),
      country(more.burundi, 'Burundi', 'BI', 13_000_000),
      country(more.madagascar, 'Madagascar', 'MG', 30_000_000),
      country(more.malaysia, 'Malaysia', 'MY', 34_000_000),
      place(town.terengganu, 'Terengganu', State, more.malaysia, 1_200_000),
      country(43, 'Libya', 'LY', 7_000_000),
      place(4301, 'Sabha', State, 43, 130_000),
    ],
    contextTags: [],
  });
  const countriesOf = (title: string, body: string) =>
    [...placeTagger.tag(title, body).countryIds].sort((a, b) => a - b);

  it('reads a town by the division or country written after it', () => {
    // ', Texas': the Odessa in Texas, not Ukraine's large Odesa.
    const texas = placeTagger.tag('Horse dies of equine disease in Odessa, Texas', '');
    expect(texas.countryIds).toEqual([ids.unitedStates]);
    expect(texas.locationIds).toContain(town.odessaTexas);
    // Unqualified, the large city is still read.
    expect(placeTagger.tag('Measles cases rise in Odessa', '').countryIds).toEqual([more.ukraine]);
    // '(Victoria)': Blackburn in Victoria is no town of ours; England's Blackburn is not meant.
    expect(countriesOf('Salmonella at a restaurant in Blackburn (Victoria)', '')).toEqual([
      more.australia,
    ]);
    // ', Dominican Republic': Chile's capital is not meant.
    expect(countriesOf('Cholera deaths in Santiago, Dominican Republic', '')).toEqual([
      more.dominicanRepublic,
    ]);
    // 'Labrador, Newfoundland and Labrador': not the Australian town.
    expect(countriesOf('Rabid fox found in Labrador, Newfoundland and Labrador', '')).toEqual([
      more.canada,
    ]);
  });

  it('keeps only divisions after "province of", and never drops a country in a list', () => {
    // Santiago the Dominican province is no place of ours; Tamboril alone places the report.
    expect(countriesOf('Cholera kills six in Tamboril, province of Santiago', '')).toEqual([
      more.dominicanRepublic,
    ]);
    expect(countriesOf('Anthrax in Georgia, Turkey and Kenya', '')).toEqual([
      ids.georgia,
      ids.turkey,
      ids.kenya,
    ]);
  });

  it('needs support for a town whose country the article does not name', () => {
    // An English town's name in a report placed in Australia by its state.
    expect(
      countriesOf(
        'Salmonellosis outbreak',
        'Twenty diners fell ill after eating at a Blackburn restaurant, the Victoria health department said.',
      ),
    ).toEqual([more.australia]);
    // Two towns of two countries and nothing else: the town of 100,000 or more wins.
    expect(
      countriesOf(
        'Hantavirus death',
        'The boy from a farm near Pinto was treated at the hospital in Chillán.',
      ),
    ).toEqual([more.chile]);
    expect(
      countriesOf(
        'Anthrax in cattle',
        'Two bulls died near Kimberley, in Western Australia, on a Queensland stud.',
      ),
    ).toEqual([more.australia]);
    // A small town alone still places the report.
    expect(countriesOf('Cholera kills six in Tamboril', '')).toEqual([more.dominicanRepublic]);
    // Georgia beside a US town is the US state, not the country.
    expect(
      countriesOf(
        'Rabid cat found in Waverly',
        'Georgia officials urged owners to vaccinate pets.',
      ),
    ).toEqual([ids.unitedStates]);
  });

  it("reads a one-country division inside a body's name, not a town or a shared name", () => {
    expect(
      countriesOf(
        'Hepatitis A',
        'Forty cases were confirmed, the Terengganu Health Department said.',
      ),
    ).toEqual([more.malaysia]);
    // A division's name closing another name is no place ('the Lok Sabha' is India's parliament,
    // Sabha a Libyan district).
    expect(
      countriesOf('Encephalitis', 'The Lok Sabha member visited the hospital in Terengganu.'),
    ).toEqual([more.malaysia]);
    // Victoria is a division of Australia but a town elsewhere: inside a name it is no place.
    expect(
      countriesOf(
        'Measles',
        'Two children were admitted to the Royal Victoria Infirmary on Monday.',
      ),
    ).toEqual([]);
  });

  it('does not read where a body sits, an airline or a continent as a place of the report', () => {
    expect(
      countriesOf('Ebola', 'The London-based charity sent doctors to Sierra Leone last week.'),
    ).toEqual([more.sierraLeone]);
    expect(
      countriesOf(
        'Ebola update',
        'The Geneva-based WHO said on Thursday that Guinea, Liberia and Sierra Leone had reported ' +
          'new cases. Officials met in Geneva.',
      ),
    ).toEqual([ids.guinea, more.liberia, more.sierraLeone]);
    expect(
      countriesOf('Ebola', 'Air France and Kenya Airways suspended their flights to Liberia.'),
    ).toEqual([more.liberia]);
    expect(
      countriesOf(
        'Bird flu',
        'The virus spread from Asia to Europe; Germany and the Netherlands reported outbreaks.',
      ),
    ).toEqual([ids.germany, more.netherlands]);
  });

  it('reads a later bare "plague" as the plague compound named before it', () => {
    const tags = placeTagger.tag(
      'Goats die in Burundi',
      'A sheep and goat plague (peste des petits ruminants) has killed 3,000 goats in Burundi. ' +
        'The plague is highly contagious among small ruminants, and this plague spreads fast.',
    );
    expect(tags.diseaseIds).toEqual([ppr]);
    expect(tags.mentionedDiseaseIds).toEqual([ppr]);
    // Without such a compound, plague is plague.
    expect(
      placeTagger.tag('Plague in Madagascar', 'The plague case was confirmed on Monday.')
        .diseaseIds,
    ).toEqual([plague]);
  });

  it('reads a dateless "novel coronavirus" without COVID-19 wording as MERS', () => {
    expect(
      placeTagger.tag(
        'Update',
        'Saudi Arabia has informed WHO of another case of the novel coronavirus (NCoV).',
      ).diseaseIds,
    ).toEqual([disease.mers]);
    expect(
      placeTagger.tag('Update', 'The novel coronavirus that emerged in Wuhan reached Italy.')
        .diseaseIds,
    ).toEqual([disease.covid]);
    expect(
      placeTagger.tag('Update', 'New coronavirus cases rose in Spain this week.').diseaseIds,
    ).toEqual([disease.covid]);
  });
});

describe('Tagger: round 5 rules (decision 0074)', () => {
  const c = {
    russia: 50,
    indonesia: 51,
    india: 52,
    malaysia: 53,
    unitedStates: 54,
    portugal: 55,
    jordan: 56,
    israel: 57,
    china: 58,
    vietnam: 59,
    venezuela: 60,
    panama: 61,
    cameroon: 62,
    southAfrica: 63,
  } as const;
  const p = {
    chuvashia: 5001,
    moscowRegion: 5002,
    moscowCity: 5003,
    moscowIdaho: 5401,
    bali: 5101,
    baliIndia: 5201,
    terengganu: 5301,
    louisiana: 5402,
    maine: 5403,
    augusta: 5404,
    lisbonDistrict: 5501,
    lisbonCity: 5502,
    hanoi: 5901,
    northWestCameroon: 6201,
    northWestSouthAfrica: 6301,
  } as const;
  const d = { rabies: 1, anthrax: 2, westNile: 3, influenza: 4, h5n1: 5, cholera: 6 } as const;
  const division = (id: number, name: string, countryId: number, pop: number, iso: string) =>
    ({ ...place(id, name, State, countryId, pop), isoCode: iso }) as GazetteerPlace;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.rabies, displayName: 'Rabies' },
      { diseaseId: d.anthrax, displayName: 'Anthrax' },
      { diseaseId: d.westNile, displayName: 'West Nile virus infection' },
      { diseaseId: d.influenza, displayName: 'Influenza (seasonal)' },
      { diseaseId: d.h5n1, displayName: 'Avian influenza A(H5N1)' },
      { diseaseId: d.cholera, displayName: 'Cholera' },
    ],
    places: [
      country(c.russia, 'Russia', 'RU', 144_000_000),
      // ISO 3166-2 writes the subject's Russian name; English reports write 'Chuvashia'.
      division(p.chuvashia, 'Chuvashskaya Respublika', c.russia, 0, 'RU-CU'),
      division(p.moscowRegion, 'Moscow', c.russia, 10_400_000, 'RU-MOW'),
      place(p.moscowCity, 'Moscow', City, c.russia, 10_400_000),
      place(p.moscowIdaho, 'Moscow', City, c.unitedStates, 25_000),
      country(c.indonesia, 'Indonesia', 'ID', 277_000_000),
      division(p.bali, 'Bali', c.indonesia, 830_000, 'ID-BA'),
      country(c.india, 'India', 'IN', 1_430_000_000),
      place(p.baliIndia, 'Bali', City, c.india, 300_000),
      country(c.malaysia, 'Malaysia', 'MY', 34_000_000),
      division(p.terengganu, 'Terengganu', c.malaysia, 0, 'MY-11'),
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      division(p.louisiana, 'Louisiana', c.unitedStates, 4_600_000, 'US-LA'),
      division(p.maine, 'Maine', c.unitedStates, 1_400_000, 'US-ME'),
      place(p.augusta, 'Augusta', City, c.unitedStates, 19_000),
      country(c.portugal, 'Portugal', 'PT', 10_300_000),
      division(p.lisbonDistrict, 'Lisbon', c.portugal, 1_180_000, 'PT-11'),
      place(p.lisbonCity, 'Lisbon', City, c.portugal, 520_000),
      country(c.jordan, 'Jordan', 'JO', 11_300_000),
      country(c.israel, 'Israel', 'IL', 9_800_000),
      country(c.china, 'China', 'CN', 1_410_000_000),
      country(c.vietnam, 'Vietnam', 'VN', 99_000_000),
      place(p.hanoi, 'Hanoi', City, c.vietnam, 8_000_000),
      country(c.venezuela, 'Venezuela', 'VE', 28_000_000),
      country(c.panama, 'Panama', 'PA', 4_400_000),
      country(c.cameroon, 'Cameroon', 'CM', 28_600_000),
      division(p.northWestCameroon, 'North-West', c.cameroon, 2_000_000, 'CM-NW'),
      country(c.southAfrica, 'South Africa', 'ZA', 60_000_000),
      division(p.northWestSouthAfrica, 'North West', c.southAfrica, 4_100_000, 'ZA-NW'),
    ],
    contextTags: [],
  });
  const tags = (title: string, body: string) => t.tag(title, body);

  it('leaves out a disease only ruled out, tested negative for, or named as absent', () => {
    // Each of these articles names its disease once, and only to say it is not there.
    expect(
      tags('Horse deaths in Ontario', 'Vets were asked to rule out rabies in every horse.')
        .diseaseIds,
    ).toEqual([]);
    expect(
      tags('Dog bite in Hanoi', 'The dog was kept for ten days and tested negative for rabies.')
        .diseaseIds,
    ).toEqual([]);
    expect(
      tags('Foals tested', 'The laboratory said no anthrax spores were detected in the samples.')
        .diseaseIds,
    ).toEqual([]);
    expect(
      tags('Horses and mosquitoes', 'There have been no reported cases of West Nile virus so far.')
        .diseaseIds,
    ).toEqual([]);
    expect(
      tags('Bird deaths', 'Officials said it is not H5N1 and the farm stays open.').diseaseIds,
    ).toEqual([]);
    // 'No new cases of cholera' reports the outbreak, which is still there.
    expect(
      tags('Cholera update', 'The ministry reported no new cases of cholera in the camp.')
        .diseaseIds,
    ).toEqual([d.cholera]);
    // A disease reported, then ruled out elsewhere, is still reported.
    expect(
      tags(
        'Rabies in a calf',
        'A calf tested positive for rabies on Monday. Vets rule out rabies in the other calves.',
      ).diseaseIds,
    ).toEqual([d.rabies]);
  });

  it('counts an abbreviation glossing a disease name as the same mention', () => {
    // West Nile virus is named once, far down (a body mention weighs less than one in the lead,
    // and is context): were its gloss counted too, it would weigh as much as a lead mention.
    const filler = 'The village council met on Tuesday and the school stayed open. '.repeat(8);
    const r = tags(
      'Animal health',
      `A dog tested positive for rabies in the village this week. ${filler}` +
        'Officials also named West Nile virus ( WNV ) among the risks of the season.',
    );
    expect(r.diseaseIds).toEqual([d.rabies]);
    expect(r.mentionedDiseaseIds).toEqual([d.rabies, d.westNile]);
  });

  it("reads an animal's influenza as no seasonal influenza", () => {
    expect(tags('Equine influenza at a stable', '').diseaseIds).toEqual([]);
    expect(tags('Canine flu spreads among shelter dogs', '').diseaseIds).toEqual([]);
    expect(tags('Swine flu at the county fair', '').diseaseIds).toEqual([]);
    expect(tags('Influenza cases rise as the flu season starts', '').diseaseIds).toEqual([
      d.influenza,
    ]);
  });

  it('reads a country named at a border as context', () => {
    // Vietnam and China are each named once, in the lead: only the border makes China context.
    const r = tags('', 'Cholera cases rose in Vietnam near the border with China this week.');
    expect(r.countryIds).toEqual([c.vietnam]);
    expect(r.mentionedCountryIds).toEqual([c.vietnam, c.china]);
    expect(tags('', 'Cholera cases rose in Vietnam along the China border.').countryIds).toEqual([
      c.vietnam,
    ]);
  });

  it('reads a compass word before a place as part of the report, not of a longer name', () => {
    expect(
      tags('Vibrio infections', 'Two bathers fell ill in the waters of Southwest Louisiana.')
        .countryIds,
    ).toEqual([c.unitedStates]);
  });

  it("does not read a landform named after a country as the country's report", () => {
    expect(
      tags(
        'Cattle disease in Israel',
        'Farms in Israel along the Jordan Valley reported cases; the Jordan river was low.',
      ).countryIds,
    ).toEqual([c.israel]);
    expect(tags('Cattle disease', 'Cases were found in Jordan this week.').countryIds).toEqual([
      c.jordan,
    ]);
  });

  it('does not read the place in a disease named after it as a place', () => {
    expect(
      tags(
        '',
        'Doctors in Panama are testing for Venezuelan equine encephalitis in three children.',
      ).mentionedCountryIds,
    ).toEqual([c.panama]);
  });

  it("reads Russia's subjects by their English names", () => {
    expect(
      tags('Anthrax in foals', 'The foals were moved to the Republic of Chuvashia last week.')
        .countryIds,
    ).toEqual([c.russia]);
  });

  it('weighs a place against rivals in other countries only, and a region above towns', () => {
    // Moscow the city does not rival Moscow the region; a town of 25,000 in Idaho does not either.
    expect(
      tags('Rabies', 'Rabies cases rose in the suburbs of Moscow this year.').countryIds,
    ).toEqual([c.russia]);
    // Bali the province against an Indian town a third its size.
    expect(tags('Rabies', 'Dogs are being vaccinated across Bali this month.').countryIds).toEqual([
      c.indonesia,
    ]);
  });

  it('reads a one-country division at the start of a sentence', () => {
    expect(
      tags('Hepatitis A', 'Twenty villagers fell ill. Terengganu health officials said so.')
        .countryIds,
    ).toEqual([c.malaysia]);
  });

  it('needs country and qualifier for a name of ordinary words only, such as North West', () => {
    expect(tags('Rabies', 'Cases rose in the North West of Moscow this year.').countryIds).toEqual([
      c.russia,
    ]);
    expect(
      tags('Rabies', 'Cases rose in the North-West Region, Cameroon, this year.').countryIds,
    ).toEqual([c.cameroon]);
  });

  it("leaves out a large city named alone when another country's places are what is reported", () => {
    // Lisbon, Maine: nothing else places the report in Portugal; Maine and Augusta place it in
    // the United States.
    expect(
      tags(
        'Rabid fox',
        'A fox bit a woman in front of her Lisbon home. The Lisbon police chief shot the fox. ' +
          'The Maine health laboratory in Augusta confirmed rabies, and Maine officials urged ' +
          'caution.',
      ).countryIds,
    ).toEqual([c.unitedStates]);
    // Named alone, or beside Portugal, Lisbon is Lisbon.
    expect(tags('Measles', 'Cases were confirmed in Lisbon this week.').countryIds).toEqual([
      c.portugal,
    ]);
  });
});

describe('Tagger: diseases outside the lookups, and one subject (decision 0075)', () => {
  const c = { australia: 70, china: 71, peru: 72 } as const;
  const d = {
    rabies: 1,
    plague: 2,
    measles: 3,
    dengue: 4,
    h5n1: 5,
    cholera: 6,
    botulism: 7,
  } as const;
  const lookups = [
    { diseaseId: d.rabies, displayName: 'Rabies' },
    { diseaseId: d.plague, displayName: 'Plague' },
    { diseaseId: d.measles, displayName: 'Measles' },
    { diseaseId: d.dengue, displayName: 'Dengue' },
    { diseaseId: d.h5n1, displayName: 'Avian influenza A(H5N1)' },
    { diseaseId: d.cholera, displayName: 'Cholera' },
  ];
  const placesHere = [
    country(c.australia, 'Australia', 'AU', 27_000_000),
    country(c.china, 'China', 'CN', 1_410_000_000),
    country(c.peru, 'Peru', 'PE', 34_000_000),
    country(73, 'Panama', 'PA', 4_400_000),
    place(7001, 'Queensland', State, c.australia, 5_500_000),
    place(7101, 'Jiangsu', State, c.china, 85_000_000),
    place(7201, 'Lima', City, c.peru, 10_000_000),
  ];
  const t = new Tagger({ diseases: lookups, places: placesHere, contextTags: [] });

  it('is about no lookup disease when its subject is a disease outside them', () => {
    const found = t.tag(
      'Botulism after a home-canned fish meal',
      'Five people fell ill with botulism after eating home-canned salmon, and officials ' +
        'also reminded owners to vaccinate their dogs against rabies. Botulism is rare; the ' +
        'toxin paralyses muscles and the antitoxin is kept at eight hospitals.',
    );
    expect(found.diseaseIds).toEqual([]);
    // Named, so still mentioned; the outside disease itself is no tag of any kind.
    expect(found.mentionedDiseaseIds).toEqual([d.rabies]);
    // With rabies as the subject and botulism in passing, rabies stays about.
    expect(
      t.tag(
        'Rabies in a stray dog',
        'A stray dog tested positive for rabies, officials said; a case of botulism in a ' +
          'heron was reported at the lake. Rabies vaccination clinics open on Monday.',
      ).diseaseIds,
    ).toEqual([d.rabies]);
  });

  it('keeps one subject unless a second disease weighs nearly as much', () => {
    // Dengue in title and lead; measles once in the lead, a third of its weight: context.
    expect(
      t.tag(
        'Dengue cases rise in Lima',
        'Dengue cases rose again this week, and the ministry also ran a measles campaign in ' +
          'schools. Hospitals in the north are full. Fumigation teams work at night, and ' +
          'residents are asked to empty water containers.',
      ).diseaseIds,
    ).toEqual([d.dengue]);
    // Two diseases of one report weigh alike and are both its subject.
    expect(
      t.tag('Cholera and measles outbreaks in Lima', 'Cholera and measles cases rose again.')
        .diseaseIds,
    ).toEqual([d.cholera, d.measles]);
  });

  it('reads an influenza subtype outside the lookups as a disease of its own', () => {
    const found = t.tag(
      'Human H7N9 case in Jiangsu',
      'A man in Jiangsu has H7N9 avian influenza, the province said; tests for H5N1 were run ' +
        'on poultry at the market he visited. The man is in a serious condition.',
    );
    expect(found.diseaseIds).toEqual([]);
    expect(found.mentionedDiseaseIds).toEqual([d.h5n1]);
  });

  it("reads an outside disease's name whole, not the lookup or the place inside it", () => {
    // 'Duck plague' is no plague; 'Panama disease' of bananas is no report from Panama.
    expect(
      t.tag('Duck plague at a city lake', 'Duck plague killed forty ducks at the lake this week.')
        .diseaseIds,
    ).toEqual([]);
    expect(
      t.tag(
        'Panama disease in Queensland',
        'Panama disease was found on a banana farm in Queensland, Australia.',
      ).countryIds,
    ).toEqual([c.australia]);
    // A deployment whose lookups carry the disease reports it (its outside names are left out).
    const withBotulism = new Tagger({
      diseases: [...lookups, { diseaseId: d.botulism, displayName: 'Botulism' }],
      places: placesHere,
      contextTags: [],
    });
    expect(
      withBotulism.tag('Wound botulism in a teenager', 'Doctors treated wound botulism.')
        .diseaseIds,
    ).toEqual([d.botulism]);
  });
});

describe('Tagger: round 7 rules (decision 0077)', () => {
  const c = {
    spain: 80,
    pakistan: 81,
    drc: 82,
    colombia: 83,
    equatorialGuinea: 84,
    jordan: 85,
    slovenia: 86,
    unitedStates: 87,
    guineaBissau: 88,
    india: 89,
  } as const;
  const d = {
    legionnaires: 1,
    cchf: 2,
    h1n2v: 3,
    influenza: 4,
    dengue: 5,
    scrubTyphus: 6,
    japaneseEncephalitis: 7,
    cholera: 8,
    rabies: 9,
  } as const;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.legionnaires, displayName: "Legionnaires' disease" },
      { diseaseId: d.cchf, displayName: 'Crimean-Congo haemorrhagic fever' },
      { diseaseId: d.h1n2v, displayName: 'Swine influenza A(H1N2)v' },
      { diseaseId: d.influenza, displayName: 'Influenza (seasonal)' },
      { diseaseId: d.dengue, displayName: 'Dengue' },
      { diseaseId: d.scrubTyphus, displayName: 'Scrub typhus' },
      { diseaseId: d.japaneseEncephalitis, displayName: 'Japanese encephalitis' },
      { diseaseId: d.cholera, displayName: 'Cholera' },
      { diseaseId: d.rabies, displayName: 'Rabies' },
    ],
    places: [
      country(c.spain, 'Spain', 'ES', 48_000_000),
      place(8001, 'Madrid', City, c.spain, 3_300_000),
      country(c.pakistan, 'Pakistan', 'PK', 240_000_000),
      place(8101, 'Karak', City, c.pakistan, 20_000),
      country(c.drc, 'Democratic Republic of the Congo', 'CD', 102_000_000),
      country(c.colombia, 'Colombia', 'CO', 52_000_000),
      place(8301, 'Chocó', State, c.colombia, 540_000),
      country(c.equatorialGuinea, 'Equatorial Guinea', 'GQ', 1_700_000),
      place(8401, 'Litoral', State, c.equatorialGuinea, 0),
      country(c.jordan, 'Jordan', 'JO', 11_000_000),
      country(c.slovenia, 'Slovenia', 'SI', 2_100_000),
      place(8601, 'Štore', State, c.slovenia, 1_937),
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      place(8701, 'New Mexico', State, c.unitedStates, 2_100_000),
      country(c.guineaBissau, 'Guinea-Bissau', 'GW', 2_100_000),
      place(8801, 'Norte', State, c.guineaBissau, 0),
      country(c.india, 'India', 'IN', 1_430_000_000),
      place(8901, 'Manipur', State, c.india, 2_900_000),
    ],
    contextTags: [],
  });

  it("reads legionellosis and Legionella as Legionnaires' disease", () => {
    expect(
      t.tag('', 'A man died of legionellosis in Madrid, Spain; Legionella was found in a tower.')
        .diseaseIds,
    ).toEqual([d.legionnaires]);
  });

  it('reads "Congo virus" as Crimean-Congo haemorrhagic fever, and names no country by it', () => {
    const found = t.tag(
      '',
      'Congo virus has killed a seventh person in Karak, Pakistan. The Congo virus spreads from ' +
        'ticks and the blood of slaughtered cattle.',
    );
    expect(found.diseaseIds).toEqual([d.cchf]);
    expect(found.countryIds).toEqual([c.pakistan]);
  });

  it('reads bare flu in a variant influenza report as that variant, not seasonal influenza', () => {
    // H3N2v is no lookup: the report is about no lookup disease.
    const h3n2v = t.tag(
      '',
      'A man who bought a pig at a fair in New Mexico has the swine flu strain H3N2v. The pigs ' +
        'were tested for the flu virus, and the flu can spread from pigs to people at fairs.',
    );
    expect(h3n2v.diseaseIds).toEqual([]);
    expect(h3n2v.mentionedDiseaseIds).toEqual([]);
    // 'A(H1N2)v' is a lookup: the bare 'influenza' of the same report is it too.
    expect(
      t.tag(
        '',
        'A case of variant influenza A(H1N2)v was found in New Mexico. It is the only influenza ' +
          'case of the season, and the patient was tested for influenza after a pig farm visit.',
      ).mentionedDiseaseIds,
    ).toEqual([d.h1n2v]);
  });

  it("lets an absence's 'no' reach every name of its list", () => {
    expect(
      t.tag(
        '',
        'There are no confirmed cases of dengue or scrub typhus in the district, the officer ' +
          'said. Japanese encephalitis has killed two children in Manipur, India.',
      ).diseaseIds,
    ).toEqual([d.japaneseEncephalitis]);
  });

  it("reads 'del' names and street addresses as no place of their own", () => {
    expect(
      t.tag(
        '',
        'Cholera has killed three people in Litoral del San Juan, in Chocó, Colombia. Boats ' +
          'bring water to the villages.',
      ).countryIds,
    ).toEqual([c.colombia]);
    expect(
      t.tag(
        '',
        'A man died of legionellosis in Madrid, Spain. Towers at Preciados 18, Jordan 11 and ' +
          'Arenal 4 were sealed.',
      ).countryIds,
    ).toEqual([c.spain]);
    expect(
      t.tag(
        '',
        'Rabies was confirmed in a fox near Paseo del Norte in New Mexico, United States. Store ' +
          'pet food indoors.',
      ).countryIds,
    ).toEqual([c.unitedStates]);
  });
});

describe('Tagger: round 8 rules (decision 0078)', () => {
  const c = {
    mexico: 90,
    jordan: 91,
    canada: 92,
    uganda: 93,
    drc: 94,
    unitedKingdom: 95,
    unitedStates: 96,
    bulgaria: 97,
    india: 98,
    pakistan: 99,
    iceland: 100,
    spain: 101,
    argentina: 102,
  } as const;
  const d = { hepatitisA: 1, yellowFever: 2, malaria: 3, westNile: 4, fmd: 5, leishmaniasis: 6 };
  const t = new Tagger({
    diseases: [
      { diseaseId: d.hepatitisA, displayName: 'Hepatitis A' },
      { diseaseId: d.yellowFever, displayName: 'Yellow fever' },
      { diseaseId: d.malaria, displayName: 'Malaria' },
      { diseaseId: d.westNile, displayName: 'West Nile virus infection' },
      { diseaseId: d.fmd, displayName: 'Foot-and-mouth disease' },
    ],
    places: [
      country(c.mexico, 'Mexico', 'MX', 129_000_000),
      place(9001, 'Chihuahua', State, c.mexico, 3_700_000),
      country(c.jordan, 'Jordan', 'JO', 11_000_000),
      country(c.canada, 'Canada', 'CA', 38_800_000),
      place(9201, 'Windsor', City, c.canada, 278_000),
      place(9202, 'British Columbia', State, c.canada, 5_000_000),
      country(c.uganda, 'Uganda', 'UG', 48_000_000),
      place(9301, 'Masaka', City, c.uganda, 65_000),
      country(c.drc, 'Democratic Republic of the Congo', 'CD', 102_000_000),
      country(c.unitedKingdom, 'United Kingdom', 'GB', 67_700_000),
      place(9501, 'Dudley', City, c.unitedKingdom, 199_000),
      place(9502, 'Windsor', City, c.unitedKingdom, 33_000),
      // As the world gazetteer has them: the county without a population, a US town of 39,000.
      place(9503, 'Essex', State, c.unitedKingdom, 0),
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      place(9601, 'Montana', State, c.unitedStates, 1_100_000),
      place(9602, 'Westland', City, c.unitedStates, 82_000),
      place(9603, 'Essex', City, c.unitedStates, 39_000),
      country(c.bulgaria, 'Bulgaria', 'BG', 6_400_000),
      place(9701, 'Montana', State, c.bulgaria, 113_000),
      place(9702, 'Montana', City, c.bulgaria, 47_000),
      country(c.india, 'India', 'IN', 1_430_000_000),
      place(9801, 'Ludhiana', City, c.india, 1_545_000),
      place(9802, 'Punjab', State, c.india, 27_700_000),
      country(c.pakistan, 'Pakistan', 'PK', 240_000_000),
      place(9901, 'Punjab', State, c.pakistan, 110_000_000),
      country(c.iceland, 'Iceland', 'IS', 380_000),
      country(c.spain, 'Spain', 'ES', 48_000_000),
      country(c.argentina, 'Argentina', 'AR', 46_000_000),
      place(10_201, 'Corrientes', City, c.argentina, 340_000),
    ],
    contextTags: [],
  });

  it("reads a country's name closing a person's name as no mention of it", () => {
    expect(
      t.tag(
        '',
        'Twenty children in Chihuahua, Mexico, are ill with chickenpox. "They need care," said ' +
          'Ana Carrasco Jordan, the secretary of development.',
      ).mentionedCountryIds,
    ).toEqual([c.mexico]);
    // A body's name keeps its country: its words are joined by 'and'.
    expect(
      t.tag(
        '',
        'Fisheries and Oceans Canada confirmed the virus in salmon from British Columbia, where ' +
          'the fisheries are closed.',
      ).countryIds,
    ).toEqual([c.canada]);
  });

  it("reads a country's acronym just after a place of another country as no mention of it", () => {
    expect(
      t.tag(
        '',
        'Yellow fever has killed ten people near Masaka in the last two weeks. The Masaka RDC ' +
          'leads the task force against yellow fever.',
      ).mentionedCountryIds,
    ).toEqual([c.uganda]);
  });

  it("reads a name opening a sentence as a person's first name when never written in lower case", () => {
    expect(
      t.tag(
        '',
        'Blackwater fever, a complication of malaria, has killed 14 people in the district. ' +
          'Communicated by: Joseph Dudley <jd@example.org>',
      ).countryIds,
    ).toEqual([]);
  });

  it('reads no qualifier in a name joined by a hyphen', () => {
    expect(
      t.tag(
        '',
        'The Windsor-Essex County Health Unit says human cases of West Nile virus have risen. ' +
          'Mosquito pools that tested positive rose to 29.',
      ).countryIds,
    ).toEqual([]);
  });

  it("reads a name with a town word as that town, and the article's other mentions of it too", () => {
    expect(
      t.tag(
        '',
        'The hepatitis A outbreak in a neighbourhood of Montana is spreading, the deputy director ' +
          'said. The Montana municipality has disinfected the streets.',
      ).countryIds,
    ).toEqual([c.bulgaria]);
  });

  it("reads a division written as a place's qualifier in that place's country", () => {
    expect(
      t.tag(
        '',
        'Thirteen cattle died of foot and mouth disease at a village of Ludhiana district ' +
          '[Punjab] in the last 24 hours.',
      ).countryIds,
    ).toEqual([c.india]);
    // Written as a country's qualifier, a name none of whose places is there is none of ours.
    expect(
      t.tag(
        '',
        'Dead birds were found near a nesting area in west Iceland [Westland region]. Samples ' +
          'will be tested.',
      ).countryIds,
    ).toEqual([c.iceland]);
  });

  it("reads a demonym before 'initials' or 'acronym' as a language, not a place", () => {
    expect(
      t.tag(
        '',
        'Leishmaniasis worries the staff of PROMEBA (its Spanish initials) in La Olla. Workshops ' +
          'were led by officers from Corrientes municipality.',
      ).mentionedCountryIds,
    ).toEqual([c.argentina]);
  });
});

describe('Tagger: round 9 rules (decision 0079)', () => {
  const c = {
    chile: 110,
    iceland: 111,
    mauritius: 112,
    mexico: 113,
    unitedStates: 114,
    niger: 115,
    nigeria: 116,
    georgia: 117,
    papuaNewGuinea: 118,
    emirates: 119,
    jordan: 120,
    saudiArabia: 121,
    kazakhstan: 122,
    russia: 123,
  } as const;
  const d = { salmonellosis: 1, meningococcal: 2, mers: 3, covid: 4, fmd: 5, cholera: 6 };
  const t = new Tagger({
    diseases: [
      { diseaseId: d.salmonellosis, displayName: 'Salmonellosis' },
      { diseaseId: d.meningococcal, displayName: 'Meningococcal disease' },
      { diseaseId: d.mers, displayName: 'Middle East respiratory syndrome (MERS)' },
      { diseaseId: d.covid, displayName: 'COVID-19' },
      { diseaseId: d.fmd, displayName: 'Foot-and-mouth disease' },
      { diseaseId: d.cholera, displayName: 'Cholera' },
    ],
    places: [
      country(c.chile, 'Chile', 'CL', 19_600_000),
      place(11_001, 'Santiago', City, c.chile, 5_000_000),
      country(c.iceland, 'Iceland', 'IS', 380_000),
      country(c.mauritius, 'Mauritius', 'MU', 1_300_000),
      country(c.mexico, 'Mexico', 'MX', 129_000_000),
      place(11_301, 'Sinaloa', State, c.mexico, 3_000_000),
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      place(11_401, 'Illinois', State, c.unitedStates, 12_500_000),
      place(11_402, 'Hawaii', State, c.unitedStates, 1_400_000),
      place(11_403, 'Georgia', State, c.unitedStates, 10_900_000),
      country(c.niger, 'Niger', 'NE', 27_000_000),
      country(c.nigeria, 'Nigeria', 'NG', 224_000_000),
      place(11_601, 'Niger', State, c.nigeria, 5_500_000),
      country(c.georgia, 'Georgia', 'GE', 3_700_000),
      country(c.papuaNewGuinea, 'Papua New Guinea', 'PG', 10_300_000),
      place(11_801, 'Gulf', State, c.papuaNewGuinea, 160_000),
      country(c.emirates, 'United Arab Emirates', 'AE', 9_500_000),
      country(c.jordan, 'Jordan', 'JO', 11_000_000),
      place(12_001, 'Amman', City, c.jordan, 4_000_000),
      country(c.saudiArabia, 'Saudi Arabia', 'SA', 36_000_000),
      place(12_101, 'Jeddah', City, c.saudiArabia, 4_700_000),
      country(c.kazakhstan, 'Kazakhstan', 'KZ', 20_000_000),
      country(c.russia, 'Russia', 'RU', 144_000_000),
      place(12_301, 'Vladimir', City, c.russia, 350_000),
    ],
    contextTags: [],
  });

  it("reads a country's name in another language as no mention of it in an English article", () => {
    // French 'Chili', Spanish 'Mauricio', the Icelandic 'Island' inside English text.
    expect(
      t.tag(
        '',
        'The source of the salmonella outbreak at the annual Chili Cook-off in Illinois has not ' +
          'been determined. The undersecretary, Mauricio Hernandez, said that the cases were ' +
          'mild. A clinic on the Big Island of Hawaii has seen no case.',
      ).mentionedCountryIds,
    ).toEqual([c.unitedStates]);
    // The country named in English too: the name counts.
    expect(
      t.tag(
        '',
        'Salmonella cases were reported in Chile this week. The ministry of Chili said that the ' +
          'cases were mild.',
      ).countryIds,
    ).toEqual([c.chile]);
    // An article in another language keeps its names.
    expect(t.tag('', 'Le Chili signale des cas de salmonellose à Santiago.').countryIds).toEqual([
      c.chile,
    ]);
  });

  it('reads a country written alone as itself, not a smaller division of its name elsewhere', () => {
    expect(
      t.tag(
        '',
        'A cholera outbreak in Niger has claimed 252 lives since January, a health official ' +
          'said, warning that the country was short of vaccines. The number of cases has risen ' +
          'in the past three weeks, and the orders are arriving in dribs and drabs. The whole ' +
          'of Niger is under alert. One reason for the shortage is an epidemic in northern ' +
          'Nigeria.',
      ).countryIds,
    ).toEqual([c.niger]);
    // Qualified, the division is meant.
    expect(
      t.tag(
        '',
        'A cholera outbreak in Niger State has claimed 25 lives. Nigeria has sent vaccines.',
      ).countryIds,
    ).toEqual([c.nigeria]);
    // A division larger than the country of its name is still read alone (decision 0073).
    expect(
      t.tag('', 'Cholera cases rose in Georgia this week, the United States health agency said.')
        .countryIds,
    ).toEqual([c.unitedStates]);
  });

  it("reads a place opening a newspaper's name as no place", () => {
    expect(
      t.tag(
        '',
        'A restaurant was shut after 15 people fell ill with salmonella, Gulf News reported. ' +
          'The chef had used raw eggs.',
      ).mentionedCountryIds,
    ).toEqual([]);
  });

  it('reads a dateless bare coronavirus beside camels or MERS as MERS', () => {
    expect(
      t.tag(
        '',
        'The ministry put 8 camels in confinement. They are suspected of being infected by the ' +
          'coronavirus. A man from Jeddah was infected with coronavirus by a camel.',
      ).diseaseIds,
    ).toEqual([d.mers]);
    // Without them, today's news (decision 0074).
    expect(t.tag('', 'Coronavirus cases rose in Jeddah this week.').diseaseIds).toEqual([d.covid]);
  });

  it('reads a country first written as where someone travelled as the journey throughout', () => {
    expect(
      t.tag(
        '',
        'The Ministry of Health of Jordan reported a case of MERS-CoV. The patient visited Saudi ' +
          'Arabia in March. He fell ill and went to a hospital in Jeddah. He returned to Jordan ' +
          'and went to a hospital in Amman. Authorities in Jordan are in contact with those in ' +
          'Saudi Arabia.',
      ).countryIds,
    ).toEqual([c.jordan]);
  });

  it('reads where samples were sent as context, and a country named only so as no subject', () => {
    expect(
      t.tag(
        '',
        'The foot-and-mouth disease outbreak in cattle was reported to the OIE last week. ' +
          'Samples have been sent to the reference laboratory in Vladimir, Russia, for typing.',
      ).countryIds,
    ).toEqual([]);
    expect(
      t.tag(
        '',
        'Kazakhstan reported a foot-and-mouth disease outbreak in cattle. Samples have been ' +
          'sent to the reference laboratory in Vladimir, Russia, for typing.',
      ).countryIds,
    ).toEqual([c.kazakhstan]);
  });
});

describe('Tagger: round 10 rules (decision 0081)', () => {
  const c = {
    kazakhstan: 130,
    cambodia: 131,
    togo: 132,
    unitedStates: 133,
    bosnia: 134,
    germany: 135,
    romania: 136,
    china: 137,
  } as const;
  const d = { fmd: 1, influenza: 2, meningococcal: 3, westNile: 4, lassa: 5, brucellosis: 6 };
  const t = new Tagger({
    diseases: [
      { diseaseId: d.fmd, displayName: 'Foot-and-mouth disease' },
      { diseaseId: d.influenza, displayName: 'Influenza (seasonal)' },
      { diseaseId: d.meningococcal, displayName: 'Meningococcal disease' },
      { diseaseId: d.westNile, displayName: 'West Nile virus infection' },
      { diseaseId: d.lassa, displayName: 'Lassa fever' },
      { diseaseId: d.brucellosis, displayName: 'Brucellosis' },
    ],
    places: [
      country(c.kazakhstan, 'Kazakhstan', 'KZ', 20_000_000),
      country(c.cambodia, 'Cambodia', 'KH', 17_000_000),
      country(c.togo, 'Togo', 'TG', 9_000_000),
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      country(c.bosnia, 'Bosnia and Herzegovina', 'BA', 3_200_000),
      place(13_401, 'Mostar', City, c.bosnia, 105_000),
      country(c.germany, 'Germany', 'DE', 84_000_000),
      country(c.romania, 'Romania', 'RO', 19_000_000),
      country(c.china, 'China', 'CN', 1_410_000_000),
      place(13_701, 'Shanghai', City, c.china, 24_000_000),
    ],
    contextTags: [],
  });

  it("reads 'Kazakh' as Kazakhstan's demonym", () => {
    expect(
      t.tag('', 'The Kazakh veterinary services reported foot-and-mouth disease in cattle.')
        .countryIds,
    ).toEqual([c.kazakhstan]);
  });

  it('reads a journey within a country as no context', () => {
    expect(
      t.tag(
        '',
        'Sir, as a volunteer travelling in Cambodia for a month, I think the infections in the ' +
          'villages are badly underreported.',
      ).countryIds,
    ).toEqual([c.cambodia]);
    // A journey to it still is (decision 0079).
    expect(
      t.tag(
        '',
        'Bosnia and Herzegovina: a man from Mostar fell ill with brucellosis after he ' +
          'travelled to Cambodia in May.',
      ).countryIds,
    ).toEqual([c.bosnia]);
  });

  it("reads a foreign mission's country as the mission's throughout", () => {
    expect(
      t.tag(
        '',
        'The United States Embassy informs United States citizens of two cases of Lassa fever ' +
          'in the north of Togo. The risk is low.',
      ).countryIds,
    ).toEqual([c.togo]);
  });

  it("reads a place after 'communicated by' as the sender's address", () => {
    expect(
      t.tag(
        '',
        'Goats fell ill with brucellosis near Mostar, Bosnia and Herzegovina, after a ' +
          'vaccination. -- communicated by: ' +
          'Anna Weber, Hauptstrasse 4, Germany',
      ).countryIds,
    ).toEqual([c.bosnia]);
  });

  it("reads 'flu symptoms' as a symptom, not influenza", () => {
    expect(
      t.tag(
        '',
        'Two more people in Shanghai have foot-and-mouth disease. Both developed flu symptoms ' +
          'last week; their contacts have shown no influenza symptoms.',
      ).diseaseIds,
    ).toEqual([d.fmd]);
  });

  it("reads a meningitis with its cause named as the cause's disease", () => {
    expect(
      t.tag(
        '',
        'Five people in Romania have been diagnosed with meningitis caused by the West Nile ' +
          'virus this summer.',
      ).diseaseIds,
    ).toEqual([d.westNile]);
    expect(
      t.tag('', 'Two cases of West Nile meningitis were reported in Romania.').diseaseIds,
    ).toEqual([d.westNile]);
    // Its cause unnamed, a meningitis is still meningococcal disease.
    expect(t.tag('', 'Two cases of meningitis were reported in Romania.').diseaseIds).toEqual([
      d.meningococcal,
    ]);
  });
});

describe('Tagger: round 11 rules (decision 0082)', () => {
  const c = { india: 140, egypt: 141 } as const;
  const d = { nipah: 1, influenza: 2, encephalitis: 3 };
  const t = new Tagger({
    diseases: [
      { diseaseId: d.nipah, displayName: 'Nipah virus infection' },
      { diseaseId: d.influenza, displayName: 'Influenza (seasonal)' },
      { diseaseId: d.encephalitis, displayName: 'Japanese encephalitis' },
    ],
    places: [
      country(c.india, 'India', 'IN', 1_430_000_000),
      country(c.egypt, 'Egypt', 'EG', 110_000_000),
    ],
    contextTags: [],
  });

  it("reads 'NiV' only as written: 'NIV' is India's National Institute of Virology", () => {
    expect(
      t.tag(
        '',
        'Samples from the Japanese encephalitis cases in India were sent to the NIV in Pune.',
      ).diseaseIds,
    ).toEqual([d.encephalitis]);
    expect(t.tag('', 'Two NiV cases were confirmed in India.').diseaseIds).toEqual([d.nipah]);
  });

  it("reads a 'pathogenic' influenza as poultry's, not the seasonal one", () => {
    expect(
      t.tag(
        '',
        'Highly pathogenic influenza A viruses were found in poultry on three farms in Egypt.',
      ).diseaseIds,
    ).toEqual([]);
  });
});

describe('Tagger: round 12, how many countries and diseases an article is about (decision 0083)', () => {
  const c = { lithuania: 150, poland: 151, haiti: 152, dominicanRepublic: 153 } as const;
  const d = { leptospirosis: 1, covid: 2, hiv: 3, hepatitisC: 4 } as const;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.leptospirosis, displayName: 'Leptospirosis' },
      { diseaseId: d.covid, displayName: 'COVID-19' },
      { diseaseId: d.hiv, displayName: 'HIV/AIDS' },
      { diseaseId: d.hepatitisC, displayName: 'Hepatitis C' },
    ],
    places: [
      country(c.lithuania, 'Lithuania', 'LT', 2_800_000),
      place(15001, 'Alytus', City, c.lithuania, 50_000),
      country(c.poland, 'Poland', 'PL', 37_000_000),
      country(c.haiti, 'Haiti', 'HT', 11_700_000),
      country(c.dominicanRepublic, 'Dominican Republic', 'DO', 11_300_000),
    ],
    contextTags: [],
  });
  // Sixty words of a report that name no disease and no place: what follows is past the lead.
  const filler =
    'Officials said the situation was being followed closely and that more information ' +
    'would be shared with the public as soon as it became available. Residents were asked ' +
    'to stay calm, to follow the advice of the local health services and to report any ' +
    'unusual illness to their doctor without delay. Teams visited every household in the ' +
    'affected villages during the week. ';

  it('is about one country unless another weighs nearly as much', () => {
    const tags = t.tag(
      'African swine fever in Lithuania',
      'Lithuania confirmed African swine fever on a farm in Alytus; pigs bought in Poland ' +
        'were culled, and Poland was informed.',
    );
    expect(tags.countryIds).toEqual([c.lithuania]);
    expect(tags.locationIds).toEqual([c.lithuania, 15001]);
    // Still mentioned.
    expect(tags.mentionedCountryIds).toEqual([c.lithuania, c.poland]);
    // Two countries named alike (a cross-border outbreak) stay both.
    expect(
      t.tag(
        'Cholera in Haiti and the Dominican Republic',
        'Haiti and the Dominican Republic each reported new cases this week.',
      ).countryIds,
    ).toEqual([c.haiti, c.dominicanRepublic]);
  });

  it('keeps a second disease only when the title or the lead names it', () => {
    const late = t.tag(
      'Leptospirosis among soldiers',
      `${filler}Leptospirosis was confirmed in 14 of them. COVID-19 cases rose in the town, ` +
        'COVID-19 wards were full and COVID-19 vaccination went on.',
    );
    expect(late.diseaseIds).toEqual([d.leptospirosis]);
    expect(late.mentionedDiseaseIds).toEqual([d.leptospirosis, d.covid]);
    // Named in the lead, both are the subject.
    expect(
      t.tag(
        '',
        'Twenty children have tested positive for HIV and hepatitis C after transfusions; ' +
          'HIV and hepatitis C screening of the blood bank was ordered.',
      ).diseaseIds,
    ).toEqual([d.hiv, d.hepatitisC]);
  });
});

describe('Tagger: round 13 rules (decision 0084)', () => {
  const c = { iran: 160, hongKong: 161, canada: 162, lithuania: 163, pakistan: 164 } as const;
  const d = {
    influenza: 1,
    meningococcal: 2,
    chagas: 3,
    anthrax: 4,
    asf: 5,
    plague: 6,
  } as const;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.influenza, displayName: 'Influenza (seasonal)' },
      { diseaseId: d.meningococcal, displayName: 'Meningococcal disease' },
      { diseaseId: d.chagas, displayName: 'Chagas disease' },
      { diseaseId: d.anthrax, displayName: 'Anthrax' },
      { diseaseId: d.asf, displayName: 'African swine fever' },
      { diseaseId: d.plague, displayName: 'Plague' },
    ],
    places: [
      country(c.iran, 'Iran', 'IR', 88_000_000),
      country(c.hongKong, 'Hong Kong', 'HK', 7_500_000),
      country(c.canada, 'Canada', 'CA', 38_000_000),
      country(c.lithuania, 'Lithuania', 'LT', 2_800_000),
      country(c.pakistan, 'Pakistan', 'PK', 230_000_000),
    ],
    contextTags: [],
  });

  it('reads the flu of an article naming swine flu as that swine flu, unless it says seasonal', () => {
    const swine = t.tag(
      'Swine flu kills 112 in Iran',
      'An outbreak of swine flu in Iran has killed 112 people. About 1190 people have been ' +
        'diagnosed with the H1N1 virus, and a nurse died after contracting the flu from patients.',
    );
    expect(swine.diseaseIds).toEqual([]);
    expect(swine.countryIds).toEqual([c.iran]);
    // The article calls its strain seasonal: seasonal influenza.
    expect(
      t.tag(
        '',
        'A rise in swine flu patients has been seen in Pakistan. A control room for the ' +
          'seasonal influenza A (H1N1) was set up, and the seasonal influenza vaccine is available.',
      ).diseaseIds,
    ).toEqual([d.influenza]);
    // No swine flu named: the flu is the seasonal one, as before.
    expect(t.tag('', 'The flu season began early in Canada.').diseaseIds).toEqual([d.influenza]);
  });

  it("reads a meningitis with another germ named as that germ's, not meningococcal", () => {
    expect(
      t.tag(
        '',
        'Hong Kong reported a case of Streptococcus suis infection. S. suis infection can ' +
          'manifest itself in meningitis, toxic shock and septicaemia.',
      ).diseaseIds,
    ).toEqual([]);
    expect(t.tag('', 'Three cases of viral meningitis in Canada.').diseaseIds).toEqual([]);
    // The meningococcus named beside the other germ: meningitis is meningococcal.
    expect(
      t.tag(
        '',
        'Meningitis in Canada: the meningococcus was found, not pneumococcus; meningitis cases rose.',
      ).diseaseIds,
    ).toEqual([d.meningococcal]);
    // No cause named: meningococcal, as before.
    expect(t.tag('', 'An outbreak of meningitis has claimed 252 lives.').diseaseIds).toEqual([
      d.meningococcal,
    ]);
  });

  it("reads 'Chagas' alone as Chagas disease, and not Carlos Chagas", () => {
    expect(
      t.tag('', 'In Canada, a child died shortly after acquiring Chagas through transfusion.')
        .diseaseIds,
    ).toEqual([d.chagas]);
    expect(
      t.tag('', 'The Instituto Carlos Chagas in Canada trains nurses.').mentionedDiseaseIds,
    ).toEqual([]);
  });

  it('keeps a disease named only as an earlier year’s when nothing else is named', () => {
    const tags = t.tag(
      '',
      'In August 2008, officials announced a breakthrough in the inquiry into the 2001 ' +
        'anthrax attacks, naming a scientist as the sole culprit.',
    );
    expect(tags.diseaseIds).toEqual([d.anthrax]);
    // Beside a disease reported now, it stays context.
    expect(
      t.tag('', 'In 2008 influenza cases rose in Canada; the 2001 anthrax attacks were recalled.')
        .diseaseIds,
    ).toEqual([d.influenza]);
  });

  it('reads flu in a list of symptoms as a symptom', () => {
    expect(
      t.tag(
        '',
        'Fighting cocks died in their cages and showed symptoms like swollen head, blindness ' +
          'and severe flu.',
      ).diseaseIds,
    ).toEqual([]);
  });

  it("reads 'the plague' after another disease, before any plague, as that disease", () => {
    expect(
      t.tag(
        '',
        'African swine fever has been confirmed in Lithuania. The office said the plague was ' +
          'detected in an analysed boar.',
      ).mentionedDiseaseIds,
    ).toEqual([d.asf]);
    // Plague named first: the plague is plague.
    expect(
      t.tag('', 'Pneumonic plague cases rose. The WHO said the plague was spreading.').diseaseIds,
    ).toEqual([d.plague]);
  });
});

describe('Tagger: round 14 rules (decision 0085)', () => {
  const c = {
    kenya: 170,
    unitedStates: 171,
    haiti: 172,
    mexico: 173,
    honduras: 174,
    venezuela: 175,
    korea: 176,
    afghanistan: 177,
    uganda: 178,
    jordan: 179,
  } as const;
  const d = { influenza: 1, stec: 2, anthrax: 3, hepatitisA: 4, cholera: 5 } as const;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.influenza, displayName: 'Influenza (seasonal)' },
      { diseaseId: d.stec, displayName: 'Shiga toxin-producing E. coli infection' },
      { diseaseId: d.anthrax, displayName: 'Anthrax' },
      { diseaseId: d.hepatitisA, displayName: 'Hepatitis A' },
      { diseaseId: d.cholera, displayName: 'Cholera' },
    ],
    places: [
      country(c.kenya, 'Kenya', 'KE', 55_000_000),
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      country(c.haiti, 'Haiti', 'HT', 11_000_000),
      country(c.mexico, 'Mexico', 'MX', 128_000_000),
      country(c.honduras, 'Honduras', 'HN', 10_000_000),
      country(c.venezuela, 'Venezuela', 'VE', 28_000_000),
      country(c.korea, 'South Korea', 'KR', 52_000_000),
      country(c.afghanistan, 'Afghanistan', 'AF', 41_000_000),
      country(c.uganda, 'Uganda', 'UG', 47_000_000),
      country(c.jordan, 'Jordan', 'JO', 11_000_000),
    ],
    contextTags: [],
  });

  it("reads 'stomach flu' as no influenza", () => {
    expect(
      t.tag('', 'Dozens of people who ate oysters at the festival came down with stomach flu.')
        .mentionedDiseaseIds,
    ).toEqual([]);
    // The flu itself is still influenza.
    expect(t.tag('', 'The flu season began early in Mexico.').diseaseIds).toEqual([d.influenza]);
  });

  it('reads a bare E. coli as no STEC unless a serotype or the toxin is written', () => {
    expect(
      t.tag(
        '',
        'Clinical isolates, including 1 _Escherichia coli_ and 5 _K. pneumoniae_, carried the ' +
          'colistin-resistance gene; the _E coli_ isolate belonged to ST156.',
      ).mentionedDiseaseIds,
    ).toEqual([]);
    expect(
      t.tag('', 'Seven people were sickened by cheese contaminated with E. coli O157:H7.')
        .diseaseIds,
    ).toEqual([d.stec]);
    expect(
      t.tag('', 'E. coli sickened 7 children; two developed hemolytic uremic syndrome.').diseaseIds,
    ).toEqual([d.stec]);
  });

  it("reads the places of a moderator's note as context", () => {
    const tags = t.tag(
      '',
      'Eight cases of hepatitis A were reported in Mexico after the earthquakes. [Earthquakes ' +
        'can predispose a population to enteric infections, as the cholera epidemic in Haiti ' +
        'showed; Haiti still reports cases. - Mod.LL]',
    );
    expect(tags.countryIds).toEqual([c.mexico]);
    // A moderator only named ('As noted by Mod.JW') opens no note.
    expect(
      t.tag('', 'As noted by Mod.JW, the hepatitis A cases in Haiti are foodborne.').countryIds,
    ).toEqual([c.haiti]);
  });

  it('reads where a letter or a person came from as context', () => {
    expect(
      t.tag(
        '',
        'Four members of a Kenyan family tested positive for anthrax after receiving a letter ' +
          'from the United States. The letter was postmarked in the United States, Kenya said.',
      ).countryIds,
    ).toEqual([c.kenya]);
    expect(
      t.tag(
        '',
        'A migrant, originally from Venezuela, died of leptospirosis in Honduras on Wednesday.',
      ).countryIds,
    ).toEqual([c.honduras]);
  });

  it('reads the place of an earlier year’s outbreak as context', () => {
    expect(
      t.tag(
        '',
        'In 2011 cholera was confirmed in the United States, the first cases since the outbreak ' +
          'of the disease in Haiti in 2010.',
      ).countryIds,
    ).toEqual([c.unitedStates]);
    // No outbreak named beside the year: the place stays ('swam in Haiti in 2010').
    expect(
      t.tag('', 'In 2011 cholera was confirmed in a traveller who swam in Haiti in 2010.')
        .countryIds,
    ).toEqual([c.haiti]);
  });

  it("reads a country's troops as the troops', not the place", () => {
    expect(
      t.tag(
        '',
        'Malaria has struck United States troops in Afghanistan at the highest rate in years; ' +
          'United States forces there were given pills.',
      ).countryIds,
    ).toEqual([c.afghanistan]);
  });

  it('reads a ward or a village named after a country as a namesake', () => {
    expect(
      t.tag('', 'A cholera outbreak closed a school in Kenya ward, Oli division, in Uganda.')
        .countryIds,
    ).toEqual([c.uganda]);
  });

  it("reads a country's name after a title and a given name as a surname", () => {
    expect(
      t.tag(
        '',
        'Patients in the United States have renal failure, said Dr. Ann Jordan, the county ' +
          'health director. The restaurant closed, Jordan said.',
      ).countryIds,
    ).toEqual([c.unitedStates]);
  });

  it("reads 'returned to' a place as the traveller's home, no context", () => {
    expect(
      t.tag(
        '',
        'A physician who returned to the United States after treating Ebola patients tested ' +
          'positive, officials in the United States said.',
      ).countryIds,
    ).toEqual([c.unitedStates]);
  });
});

describe('Tagger: round 15 rules (decision 0086)', () => {
  const c = {
    china: 190,
    mongolia: 191,
    dominicanRepublic: 192,
    unitedStates: 193,
    chile: 194,
    hongKong: 195,
    canada: 196,
    india: 197,
    // Divisions and towns.
    tibet: 200,
    innerMongolia: 201,
    hunan: 202,
    moca: 203,
    sanAntonio: 204,
    sanAntonioChile: 205,
    shenzhen: 206,
    ontario: 207,
    ontarioCalifornia: 208,
    ottawa: 209,
    ottawaIllinois: 210,
    bengaluru: 211,
  } as const;
  const d = { influenza: 1, fmd: 2 } as const;
  const division = (id: number, name: string, countryId: number, pop: number, isoCode: string) =>
    ({ id, name, locationType: State, countryId, population: pop, isoCode }) as GazetteerPlace;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.influenza, displayName: 'Influenza (seasonal)' },
      { diseaseId: d.fmd, displayName: 'Foot-and-mouth disease' },
    ],
    places: [
      country(c.china, 'China', 'CN', 1_411_000_000),
      country(c.mongolia, 'Mongolia', 'MN', 3_400_000),
      country(c.dominicanRepublic, 'Dominican Republic', 'DO', 11_000_000),
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      country(c.chile, 'Chile', 'CL', 19_600_000),
      country(c.hongKong, 'Hong Kong', 'HK', 7_400_000),
      country(c.canada, 'Canada', 'CA', 40_000_000),
      country(c.india, 'India', 'IN', 1_430_000_000),
      division(c.tibet, 'Xizang Zizhiqu', c.china, 0, 'CN-XZ'),
      division(c.innerMongolia, 'Nei Mongol Zizhiqu', c.china, 0, 'CN-NM'),
      division(c.hunan, 'Hunan Sheng', c.china, 0, 'CN-HN'),
      place(c.moca, 'Moca', City, c.dominicanRepublic, 61_834),
      place(c.sanAntonio, 'San Antonio', City, c.unitedStates, 1_469_845),
      place(c.sanAntonioChile, 'San Antonio', City, c.chile, 85_651),
      place(c.shenzhen, 'Shenzhen', City, c.china, 10_358_381),
      division(c.ontario, 'Ontario', c.canada, 8_286_173, 'CA-ON'),
      place(c.ontarioCalifornia, 'Ontario', City, c.unitedStates, 171_214),
      place(c.ottawa, 'Ottawa', City, c.canada, 812_129),
      place(c.ottawaIllinois, 'Ottawa', City, c.unitedStates, 18_342),
      place(c.bengaluru, 'Bengaluru', City, c.india, 5_104_047),
    ],
    contextTags: [],
  });

  it("reads China's divisions by the names reports write, not ISO's", () => {
    expect(t.tag('', 'An outbreak of bird flu was reported in Tibet.').countryIds).toEqual([
      c.china,
    ]);
    expect(t.tag('', 'Sheep died of anthrax in Inner Mongolia.').countryIds).toEqual([c.china]);
    expect(t.tag('', 'Two human cases were confirmed in Hunan.').countryIds).toEqual([c.china]);
  });

  it("reads 'the city of' before a name that is also a word as the town", () => {
    expect(
      t.tag('', 'Dozens of women were poisoned at a tobacco factory in the city of Moca.')
        .countryIds,
    ).toEqual([c.dominicanRepublic]);
  });

  it('reads a body named after a large city as in that city', () => {
    expect(
      t.tag('', 'Dozens fell ill after a San Antonio Housing Authority holiday party.').countryIds,
    ).toEqual([c.unitedStates]);
  });

  it('counts a city of millions named alone beside another country', () => {
    expect(
      t.tag(
        '',
        "Hong Kong's 2nd patient lives in Shenzhen. Experts believe chickens in Shenzhen were " +
          'infected. Hong Kong officials told their Shenzhen counterparts.',
      ).countryIds,
    ).toContain(c.china);
  });

  it("reads a province as its country's beside a demonym, not a town of a named country", () => {
    expect(
      t.tag(
        '',
        'Senecavirus A was confirmed in Ontario. The U.S. turned away truckloads of pigs, and ' +
          'the Canadian Food Inspection Agency is testing swine.',
      ).countryIds,
    ).toContain(c.canada);
  });

  it("reads 'X County' in a country of counties, not a city of the name elsewhere", () => {
    expect(
      t.tag('', 'An Ottawa County cheesemaker is recalling cheese after 7 people fell ill.')
        .countryIds,
    ).toEqual([c.unitedStates]);
  });

  it("reads 'H7N9 flu' as that subtype's, not seasonal influenza", () => {
    expect(
      t.tag('', 'Contacts of the second H7N9 flu patient are kept in isolation.').diseaseIds,
    ).toEqual([]);
  });

  it('reads a disease another only resembles as a comparison', () => {
    expect(
      t.tag(
        '',
        'Clinical signs of this disease closely resemble foot-and-mouth disease, so pigs were ' +
          'turned away.',
      ).diseaseIds,
    ).toEqual([]);
  });

  it("reads a large city's former name ('Bangalore')", () => {
    expect(t.tag('', 'Dengue cases rose sharply in Bangalore.').countryIds).toEqual([c.india]);
  });
});

describe('Tagger: round 16 rules (decision 0087)', () => {
  const c = { germany: 220, panama: 221, spain: 222, unitedStates: 223, uganda: 224 } as const;
  const town = { sevilla: 230, stAugustine: 231, florida: 232, pforzheim: 233 } as const;
  const d = {
    influenza: 1,
    cholera: 2,
    hps: 3,
    ebola: 4,
    marburg: 5,
    cchf: 6,
    h5n1: 7,
    rabies: 8,
  } as const;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.influenza, displayName: 'Influenza (seasonal)' },
      { diseaseId: d.cholera, displayName: 'Cholera' },
      { diseaseId: d.hps, displayName: 'Hantavirus pulmonary syndrome' },
      { diseaseId: d.ebola, displayName: 'Ebola virus disease' },
      { diseaseId: d.marburg, displayName: 'Marburg virus disease' },
      { diseaseId: d.cchf, displayName: 'Crimean-Congo haemorrhagic fever' },
      { diseaseId: d.h5n1, displayName: 'Avian influenza A(H5N1)' },
      { diseaseId: d.rabies, displayName: 'Rabies' },
    ],
    places: [
      country(c.germany, 'Germany', 'DE', 83_000_000),
      country(c.panama, 'Panama', 'PA', 4_400_000),
      country(c.spain, 'Spain', 'ES', 48_000_000),
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      country(c.uganda, 'Uganda', 'UG', 48_000_000),
      place(town.sevilla, 'Sevilla', City, c.spain, 684_234),
      place(town.stAugustine, 'St. Augustine', City, c.unitedStates, 15_000),
      {
        id: town.florida,
        name: 'Florida',
        locationType: State,
        countryId: c.unitedStates,
        population: 21_500_000,
        isoCode: 'US-FL',
      } as GazetteerPlace,
      place(town.pforzheim, 'Pforzheim', City, c.germany, 125_000),
    ],
    contextTags: [],
  });

  it('reads a bird flu with no subtype written as no lookup subtype', () => {
    const tags = t.tag('', 'Bird flu was confirmed in a backyard flock in Missouri.');
    expect(tags.diseaseIds).toEqual([]);
    expect(tags.mentionedDiseaseIds).toEqual([]);
  });

  it("reads 'AH7N3 influenza' as that subtype's, not seasonal influenza", () => {
    expect(
      t.tag('', 'The outbreak of AH7N3 influenza is on the rise on 52 farms.').diseaseIds,
    ).toEqual([]);
  });

  it("reads 'avian cholera' as a bird disease, not cholera", () => {
    expect(
      t.tag('', 'An outbreak of avian cholera is killing hundreds of water birds.').diseaseIds,
    ).toEqual([]);
    expect(t.tag('', 'Fowl cholera was confirmed in a layer flock.').diseaseIds).toEqual([]);
  });

  it('reads a hantavirus of Europe as no pulmonary syndrome, one of the Americas as it', () => {
    expect(
      t.tag('', 'A young woman in Pforzheim, Germany, may have died of a hantavirus infection.')
        .diseaseIds,
    ).toEqual([]);
    expect(
      t.tag('', 'Health authorities confirmed the 6th hantavirus infection in Panama.').diseaseIds,
    ).toEqual([d.hps]);
  });

  it("reads every disease of a list after 'negative for' as excluded", () => {
    expect(
      t.tag(
        '',
        'A woman died in Uganda of carbon monoxide poisoning. All cases were negative for ' +
          'Ebola, Marburg, Crimean-Congo hemorrhagic fever, and Rift Valley fever.',
      ).diseaseIds,
    ).toEqual([]);
  });

  it('reads a street named after a large city as no body in it', () => {
    expect(
      t.tag(
        '',
        'A rabid raccoon bit a girl in the courtyard of a church on Sevilla Street, where she ' +
          'was at a choir practice.',
      ).countryIds,
    ).toEqual([]);
    expect(
      t.tag('', 'A rabid cat was found near Sevilla Street in St. Augustine, Florida.').countryIds,
    ).toEqual([c.unitedStates]);
  });
});

describe('Tagger: round 17 rules (decision 0088)', () => {
  const c = {
    romania: 240,
    japan: 241,
    vietnam: 242,
    argentina: 243,
    equatorialGuinea: 244,
    pakistan: 245,
    unitedKingdom: 246,
    unitedStates: 247,
    china: 248,
    australia: 249,
  } as const;
  const town = { roman: 250, kawasaki: 251, litoral: 252, santaFe: 253 } as const;
  const d = { covid: 1, plague: 2, rabies: 3, dengue: 4, anthrax: 5, measles: 6 } as const;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.covid, displayName: 'COVID-19' },
      { diseaseId: d.plague, displayName: 'Plague' },
      { diseaseId: d.rabies, displayName: 'Rabies' },
      { diseaseId: d.dengue, displayName: 'Dengue' },
      { diseaseId: d.anthrax, displayName: 'Anthrax' },
      { diseaseId: d.measles, displayName: 'Measles' },
    ],
    places: [
      country(c.romania, 'Romania', 'RO', 19_000_000),
      country(c.japan, 'Japan', 'JP', 124_000_000),
      country(c.vietnam, 'Viet Nam', 'VN', 100_000_000),
      country(c.argentina, 'Argentina', 'AR', 46_000_000),
      country(c.equatorialGuinea, 'Equatorial Guinea', 'GQ', 1_700_000),
      country(c.pakistan, 'Pakistan', 'PK', 240_000_000),
      country(c.unitedKingdom, 'United Kingdom', 'GB', 68_000_000),
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      country(c.china, 'China', 'CN', 1_410_000_000),
      country(c.australia, 'Australia', 'AU', 27_000_000),
      place(town.roman, 'Roman', State, c.romania, 50_000),
      place(town.kawasaki, 'Kawasaki', City, c.japan, 1_500_000),
      place(town.litoral, 'Litoral', State, c.equatorialGuinea, 370_000),
      place(town.santaFe, 'Santa Fe', State, c.argentina, 3_500_000),
    ],
    contextTags: [],
  });

  it("reads a disease 'ruled out', 'not found' or 'tested negative' after its name as none", () => {
    expect(
      t.tag(
        '',
        'Dozens of children in Beijing, China, have pneumonia. Many tested positive for group A ' +
          'Streptococcus. COVID-19 pneumonia has been ruled out.',
      ).diseaseIds,
    ).toEqual([]);
    expect(
      t.tag('', 'Youths fell ill with fever. No symptom of anthrax was found in any of them.')
        .diseaseIds,
    ).toEqual([]);
    expect(
      t.tag('', 'Two children were first misdiagnosed as dengue by small clinics.').diseaseIds,
    ).toEqual([]);
  });

  it("reads 'a plague of' animals as no plague", () => {
    expect(
      t.tag('', 'Residents have come under siege by a plague of microscopic itch mites.')
        .diseaseIds,
    ).toEqual([]);
  });

  it('reads another lyssavirus as no rabies, even beside a rabies vaccination', () => {
    expect(
      t.tag(
        '',
        'A horse in Queensland, Australia, contracted the bat-borne lyssavirus. Because of ' +
          "possible exposure, we've been advised to have a rabies vaccination, the vet said.",
      ).diseaseIds,
    ).toEqual([]);
  });

  it('reads a place name after a title or a given name as a person', () => {
    expect(
      t.tag(
        '',
        'Staff in the United States were vaccinated for rabies after a cat had the disease. ' +
          'Acting shelter manager Dan Roman said the cat was brought in 2 weeks ago. ' +
          'Roman said the public was safe.',
      ).mentionedCountryIds,
    ).toEqual([c.unitedStates]);
    expect(
      t.tag(
        '',
        'Doctors in Viet Nam treated 3 children for measles. The rash was first described by ' +
          'Dr Kawasaki in 1967.',
      ).mentionedCountryIds,
    ).toEqual([c.vietnam]);
  });

  it("reads 'a <demonym> citizen' as where a person is from, and 'El Litoral' as a newspaper", () => {
    expect(
      t.tag('', 'The measles outbreak was traced to a Pakistani citizen.').mentionedCountryIds,
    ).toEqual([]);
    expect(
      t.tag('', 'The head of the measles programme explained to El Litoral that cases will fall.')
        .mentionedCountryIds,
    ).toEqual([]);
  });
});

describe('Tagger: round 18 rules (decision 0089)', () => {
  const c = {
    unitedStates: 260,
    canada: 261,
    unitedKingdom: 262,
    luxembourg: 263,
    belgium: 264,
    puertoRico: 265,
    panama: 266,
    colombia: 267,
  } as const;
  const p = {
    novaScotia: 270,
    oxfordGb: 271,
    oxfordUs: 272,
    ontario: 273,
    ontarioUs: 274,
    luxembourgBe: 275,
    puertoRicoUs: 276,
    darien: 277,
    darienUs: 278,
    darienCo: 279,
  } as const;
  const d = { pertussis: 1, rabies: 2, anthrax: 3 } as const;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.pertussis, displayName: 'Pertussis' },
      { diseaseId: d.rabies, displayName: 'Rabies' },
      { diseaseId: d.anthrax, displayName: 'Anthrax' },
    ],
    places: [
      country(c.unitedStates, 'United States', 'US', 335_000_000),
      country(c.canada, 'Canada', 'CA', 40_000_000),
      country(c.unitedKingdom, 'United Kingdom', 'GB', 68_000_000),
      country(c.luxembourg, 'Luxembourg', 'LU', 660_000),
      country(c.belgium, 'Belgium', 'BE', 11_800_000),
      country(c.puertoRico, 'Puerto Rico', 'PR', 3_200_000),
      country(c.panama, 'Panama', 'PA', 4_400_000),
      country(c.colombia, 'Colombia', 'CO', 52_000_000),
      place(p.novaScotia, 'Nova Scotia', State, c.canada, 1_000_000),
      place(p.oxfordGb, 'Oxford', City, c.unitedKingdom, 150_000),
      place(p.oxfordUs, 'Oxford', City, c.unitedStates, 25_000),
      place(p.ontario, 'Ontario', State, c.canada, 14_000_000),
      place(p.ontarioUs, 'Ontario', City, c.unitedStates, 175_000),
      place(p.luxembourgBe, 'Luxembourg', State, c.belgium, 290_000),
      place(p.puertoRicoUs, 'Puerto Rico', State, c.unitedStates, 0),
      place(p.darien, 'Darién', State, c.panama, 0),
      place(p.darienUs, 'Darien', City, c.unitedStates, 22_000),
      place(p.darienCo, 'Darien', City, c.colombia, 16_000),
    ],
    contextTags: [],
    counties: ['Harnett', 'Kings', 'Oxford'].map((name) => ({ name, countryId: c.unitedStates })),
  });

  it("reads '<name> County' with a county name the gazetteer lacks as a place in its country", () => {
    expect(
      t.tag('', 'Several confirmed cases of whooping cough have been reported in Harnett County.')
        .countryIds,
    ).toEqual([c.unitedStates]);
    expect(
      t.tag('', 'Cases of pertussis were confirmed, the Harnett County Health Department said.')
        .countryIds,
    ).toEqual([c.unitedStates]);
    // Beside a country with firmer support, a county name alone is a namesake.
    expect(
      t.tag('', 'Anthrax was confirmed on a farm in Kings County in Nova Scotia, Canada.')
        .countryIds,
    ).toEqual([c.canada]);
  });

  it("reads the division after '<name> County,' as the county's, not a town of that name", () => {
    expect(
      t.tag(
        '',
        'A 3rd farm in Oxford County, Ontario, has been infected with avian influenza. The ' +
          'virus was first detected on an Oxford County farm in April.',
      ).countryIds,
    ).toEqual([c.canada]);
  });

  it("reads a country's name after 'province of' as the province, not after 'territory of'", () => {
    expect(
      t.tag(
        '',
        'Rabies was found in a bat in Etalle (province of Luxembourg). It is the 2nd case in ' +
          'the province of Luxembourg, the institute said.',
      ).countryIds,
    ).toEqual([c.belgium]);
    expect(
      t.tag('', 'Rabies was confirmed in a mongoose in the territory of Puerto Rico.').countryIds,
    ).toEqual([c.puertoRico]);
  });

  it("reads '<name> province' as the name's first-level division", () => {
    expect(
      t.tag('', 'The ministry in Darien province confirmed 2 cases of anthrax in horses.')
        .countryIds,
    ).toEqual([c.panama]);
  });
});

describe('Tagger: names as WHO writes them (decision 0090)', () => {
  const d = { h5n1: 1, h9n2: 2, h1n2v: 3, influenza: 4 } as const;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.h5n1, displayName: 'Avian influenza A(H5N1)' },
      { diseaseId: d.h9n2, displayName: 'Avian influenza A(H9N2)' },
      { diseaseId: d.h1n2v, displayName: 'Swine influenza A(H1N2)v' },
      { diseaseId: d.influenza, displayName: 'Influenza (seasonal)' },
    ],
    places: [country(1, 'China', 'CN', 1_410_000_000)],
    contextTags: [],
  });
  const body = (title: string) =>
    `${title}. The national health authority notified the cases to the organisation.`;
  const lookups = (title: string) =>
    t.tag(title, body(title)).diseaseIds.filter((id) => id <= d.influenza);

  it("reads 'avian influenza A(H7N9)' as that subtype, not H5N1", () => {
    expect(lookups('Avian Influenza A(H7N9) - China')).toEqual([]);
    expect(lookups('Avian influenza A (H10N3) - China')).toEqual([]);
    expect(lookups('Human infection with avian influenza A(H5N2) virus')).toEqual([]);
    // The lookups' own subtypes are still theirs.
    expect(lookups('Avian Influenza A(H5N1) - China')).toEqual([d.h5n1]);
    expect(lookups('Avian Influenza A(H9N2) - China')).toEqual([d.h9n2]);
  });

  it("reads WHO's 'Influenza A(H1N2) variant' as the variant, not the seasonal strain", () => {
    expect(lookups('Influenza A(H1N2) variant - China')).toEqual([d.h1n2v]);
    expect(lookups('Influenza A(H3N2) variant virus - China')).toEqual([]);
    // The word 'variant' elsewhere is no variant of the influenza named.
    expect(lookups('A new variant of influenza A(H3N2) circulates in China')).toEqual([
      d.influenza,
    ]);
    expect(
      t.tag('', 'Seasonal influenza in China. Other viruses such as A/H3N2-variant may emerge.')
        .diseaseIds,
    ).toEqual([d.influenza]);
  });
});

describe('Tagger: lists of countries and towns named like countries (decision 0090)', () => {
  const c = { brazil: 1, colombia: 2, cuba: 3, peru: 4, jordan: 5, us: 6, nigeria: 7, chad: 8 };
  const p = { colombiaCu: 20, minnesota: 21, indiana: 22, borno: 23, yobe: 24 };
  const t = new Tagger({
    diseases: [{ diseaseId: 1, displayName: 'Dengue' }],
    places: [
      country(c.brazil, 'Brazil', 'BR', 216_000_000),
      country(c.colombia, 'Colombia', 'CO', 52_000_000),
      country(c.cuba, 'Cuba', 'CU', 11_000_000),
      country(c.peru, 'Peru', 'PE', 34_000_000),
      country(c.jordan, 'Jordan', 'JO', 11_300_000),
      country(c.us, 'United States', 'US', 335_000_000),
      country(c.nigeria, 'Nigeria', 'NG', 224_000_000),
      country(c.chad, 'Chad', 'TD', 18_000_000),
      // GeoNames' Colombia, a town of Las Tunas, Cuba.
      place(p.colombiaCu, 'Colombia', City, c.cuba, 16_000),
      place(p.minnesota, 'Minnesota', State, c.us, 5_700_000),
      place(p.indiana, 'Indiana', State, c.us, 6_800_000),
      place(p.borno, 'Borno', State, c.nigeria, 5_800_000),
      place(p.yobe, 'Yobe', State, c.nigeria, 3_300_000),
    ],
    contextTags: [],
  });
  const countries = (text: string) => t.tag('', text).countryIds;

  it('reads a list of countries as countries, not a town of the next one', () => {
    expect(
      countries('Brazil, Colombia, Cuba and Peru reported confirmed cases of dengue.'),
    ).toEqual([c.brazil, c.colombia, c.cuba, c.peru]);
    expect(countries('Dengue was reported in Colombia, Cuba and Peru.')).toEqual([
      c.colombia,
      c.cuba,
      c.peru,
    ]);
  });

  it("reads a country's name qualified by another country's division as a town there", () => {
    expect(countries('West Nile virus was found in mosquitoes in Jordan, Minnesota.')).toEqual([
      c.us,
    ]);
    expect(countries('A dengue case was reported in Peru, Indiana.')).toEqual([c.us]);
    // A list goes on after the division: the country is a country.
    expect(countries('Dengue spread across Chad, Borno and Yobe.')).toEqual([c.chad, c.nigeria]);
  });
});

describe("Tagger: WHO's 'AWD/cholera' and lists of letters (decision 0090)", () => {
  const d = { cholera: 1, hepatitisA: 2, hepatitisE: 3 } as const;
  const t = new Tagger({
    diseases: [
      { diseaseId: d.cholera, displayName: 'Cholera' },
      { diseaseId: d.hepatitisA, displayName: 'Hepatitis A' },
      { diseaseId: d.hepatitisE, displayName: 'Hepatitis E' },
    ],
    places: [country(1, 'Somalia', 'SO', 18_000_000)],
    contextTags: [],
  });
  const diseases = (text: string) => t.tag('', text).diseaseIds;

  it("reads 'AWD/cholera' as cholera named, not a gloss of the supporting name", () => {
    expect(diseases('Since January, 5 000 cases of AWD/cholera were reported in Somalia.')).toEqual(
      [d.cholera],
    );
    expect(diseases('Cases of acute watery diarrhoea/cholera were reported in Somalia.')).toEqual([
      d.cholera,
    ]);
    // Alone, acute watery diarrhoea still tags nothing.
    expect(diseases('Cases of acute watery diarrhoea (AWD) were reported in Somalia.')).toEqual([]);
  });

  it('reads an exclusion after a list of letters as the list’s', () => {
    expect(
      diseases(
        'Acute hepatitis in children in Somalia. Hepatitis A, B, C, D and E viruses were not ' +
          'detected in any of the cases.',
      ),
    ).toEqual([]);
    expect(diseases('Hepatitis E cases were reported in Somalia.')).toEqual([d.hepatitisE]);
  });
});
