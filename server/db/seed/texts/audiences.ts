/** Names of the visitor categories. The English names are the ones docs/demo-shop.md lists. */
import type { AudienceKey } from '../demo-keys.ts';
import type { AllLanguages } from './all-languages.ts';

export interface AudienceText {
  name: string;
  description: string;
}

export const AUDIENCE_TEXTS: Record<AudienceKey, AllLanguages<AudienceText>> = {
  adult: {
    en: { name: 'Adult', description: 'Ages 13 to 64' },
    nl: { name: 'Volwassene', description: '13 tot en met 64 jaar' },
    es: { name: 'Adulto', description: 'De 13 a 64 años' },
    de: { name: 'Erwachsene', description: '13 bis 64 Jahre' },
    fr: { name: 'Adulte', description: 'De 13 à 64 ans' },
  },
  child: {
    en: { name: 'Child (4-12)', description: 'Only together with an adult or senior. Children under 4 go free.' },
    nl: { name: 'Kind (4-12)', description: 'Alleen samen met een volwassene of senior. Kinderen onder de 4 gaan gratis.' },
    es: { name: 'Niño (4-12)', description: 'Solo con un adulto o un mayor. Los menores de 4 años entran gratis.' },
    de: { name: 'Kind (4-12)', description: 'Nur mit einem Erwachsenen oder Senior. Kinder unter 4 Jahren sind frei.' },
    fr: { name: 'Enfant (4-12 ans)', description: 'Uniquement avec un adulte ou un senior. Gratuit pour les moins de 4 ans.' },
  },
  senior: {
    en: { name: 'Senior (65+)', description: 'Please bring proof of age.' },
    nl: { name: 'Senior (65+)', description: 'Neem een geldig identiteitsbewijs mee.' },
    es: { name: 'Mayor (65+)', description: 'Trae un documento de identidad.' },
    de: { name: 'Senior (65+)', description: 'Bitte einen Ausweis mitbringen.' },
    fr: { name: 'Senior (65 ans et +)', description: 'Merci de vous munir d’une pièce d’identité.' },
  },
  teacher: {
    en: { name: 'Teacher', description: 'One accompanying teacher per group, free of charge.' },
    nl: { name: 'Leerkracht', description: 'Eén begeleidende leerkracht per groep, gratis.' },
    es: { name: 'Profesor', description: 'Un profesor acompañante por grupo, gratis.' },
    de: { name: 'Lehrkraft', description: 'Eine Begleitlehrkraft pro Gruppe, kostenlos.' },
    fr: { name: 'Enseignant', description: 'Un enseignant accompagnateur par groupe, gratuit.' },
  },
  pupil: {
    en: { name: 'Pupil', description: 'Primary and secondary school pupils.' },
    nl: { name: 'Leerling', description: 'Leerlingen van de basisschool en de middelbare school.' },
    es: { name: 'Alumno', description: 'Alumnos de primaria y secundaria.' },
    de: { name: 'Schüler/in', description: 'Schülerinnen und Schüler aller Schulformen.' },
    fr: { name: 'Élève', description: 'Élèves du primaire et du secondaire.' },
  },
  staff: {
    en: { name: 'Staff', description: 'Zoo staff accompanying the group.' },
    nl: { name: 'Medewerker', description: 'Dierentuinmedewerker die de groep begeleidt.' },
    es: { name: 'Personal', description: 'Personal del zoo que acompaña al grupo.' },
    de: { name: 'Personal', description: 'Zoo-Personal, das die Gruppe begleitet.' },
    fr: { name: 'Personnel', description: 'Personnel du zoo accompagnant le groupe.' },
  },
};
