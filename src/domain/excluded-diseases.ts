/**
 * The preset of 22 commonly excluded disease ids (spec 000 §2 "Filter panel fields", spec 001 §9).
 *
 * Analysts triage outbreak news; these diseases are endemic, chronic or routinely reported, so
 * their articles crowd out outbreak signals and the article filter offers them as one preset to
 * exclude. The ids are those of the demo lookup (server/seed/data/diseases.ts), where each of
 * these diseases is marked `excluded`; a seed test keeps the two in step.
 */
export const excludedDiseasePreset: readonly number[] = [
  58, // Influenza (seasonal)
  59, // HIV/AIDS
  60, // Tuberculosis
  61, // Malaria
  62, // Hepatitis B
  63, // Hepatitis C
  64, // Syphilis
  65, // Gonorrhoea
  66, // Chlamydia
  67, // Human papillomavirus infection
  68, // Herpes zoster
  69, // Lyme disease
  70, // Respiratory syncytial virus infection
  71, // Norovirus gastroenteritis
  72, // Clostridioides difficile infection
  73, // MRSA infection
  74, // Antimicrobial resistance
  75, // Sepsis
  76, // Scabies
  77, // Leprosy
  78, // Schistosomiasis
  79, // Chagas disease
];
