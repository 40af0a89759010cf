/** Labels of the customer fields and of the "how did you hear about us" options. */
import type { CustomerFieldName } from '../demo-keys.ts';
import type { AllLanguages } from './all-languages.ts';

export const CUSTOMER_FIELD_LABELS: Record<CustomerFieldName, AllLanguages<{ label: string }>> = {
  first_name: { en: { label: 'First name' }, nl: { label: 'Voornaam' }, es: { label: 'Nombre' }, de: { label: 'Vorname' }, fr: { label: 'Prénom' } },
  last_name: { en: { label: 'Last name' }, nl: { label: 'Achternaam' }, es: { label: 'Apellidos' }, de: { label: 'Nachname' }, fr: { label: 'Nom' } },
  email: {
    en: { label: 'Email address' },
    nl: { label: 'E-mailadres' },
    es: { label: 'Correo electrónico' },
    de: { label: 'E-Mail-Adresse' },
    fr: { label: 'Adresse e-mail' },
  },
  email_confirm: {
    en: { label: 'Confirm email address' },
    nl: { label: 'Bevestig je e-mailadres' },
    es: { label: 'Confirma tu correo electrónico' },
    de: { label: 'E-Mail-Adresse bestätigen' },
    fr: { label: 'Confirmez l’adresse e-mail' },
  },
  phone: {
    en: { label: 'Phone number' },
    nl: { label: 'Telefoonnummer' },
    es: { label: 'Teléfono' },
    de: { label: 'Telefonnummer' },
    fr: { label: 'Numéro de téléphone' },
  },
  company: { en: { label: 'Company' }, nl: { label: 'Bedrijfsnaam' }, es: { label: 'Empresa' }, de: { label: 'Firma' }, fr: { label: 'Société' } },
  address: { en: { label: 'Address' }, nl: { label: 'Adres' }, es: { label: 'Dirección' }, de: { label: 'Adresse' }, fr: { label: 'Adresse' } },
  zipcode: {
    en: { label: 'Postcode' },
    nl: { label: 'Postcode' },
    es: { label: 'Código postal' },
    de: { label: 'Postleitzahl' },
    fr: { label: 'Code postal' },
  },
  city: { en: { label: 'City' }, nl: { label: 'Plaats' }, es: { label: 'Ciudad' }, de: { label: 'Ort' }, fr: { label: 'Ville' } },
  vat_id: { en: { label: 'VAT number' }, nl: { label: 'Btw-nummer' }, es: { label: 'NIF-IVA' }, de: { label: 'USt-IdNr.' }, fr: { label: 'Numéro de TVA' } },
  date_of_birth: {
    en: { label: 'Date of birth' },
    nl: { label: 'Geboortedatum' },
    es: { label: 'Fecha de nacimiento' },
    de: { label: 'Geburtsdatum' },
    fr: { label: 'Date de naissance' },
  },
  group_size: {
    en: { label: 'Number of pupils in the group' },
    nl: { label: 'Aantal leerlingen in de groep' },
    es: { label: 'Número de alumnos del grupo' },
    de: { label: 'Anzahl der Schüler in der Gruppe' },
    fr: { label: 'Nombre d’élèves dans le groupe' },
  },
  dietary_needs: {
    en: { label: 'Dietary requirements' },
    nl: { label: 'Dieetwensen' },
    es: { label: 'Necesidades alimentarias' },
    de: { label: 'Ernährungshinweise' },
    fr: { label: 'Régimes alimentaires particuliers' },
  },
  heard_about_us: {
    en: { label: 'How did you hear about us?' },
    nl: { label: 'Hoe heb je over ons gehoord?' },
    es: { label: '¿Cómo nos has conocido?' },
    de: { label: 'Wie haben Sie von uns erfahren?' },
    fr: { label: 'Comment avez-vous entendu parler de nous ?' },
  },
  safety_rules: {
    en: { label: 'I have read the safety rules and will wear closed shoes' },
    nl: { label: 'Ik heb de veiligheidsregels gelezen en draag dichte schoenen' },
    es: { label: 'He leído las normas de seguridad y llevaré calzado cerrado' },
    de: { label: 'Ich habe die Sicherheitsregeln gelesen und trage geschlossene Schuhe' },
    fr: { label: 'J’ai lu les consignes de sécurité et je porterai des chaussures fermées' },
  },
  newsletter: {
    en: { label: 'Send me the monthly newsletter' },
    nl: { label: 'Stuur mij de maandelijkse nieuwsbrief' },
    es: { label: 'Quiero recibir el boletín mensual' },
    de: { label: 'Ich möchte den monatlichen Newsletter erhalten' },
    fr: { label: 'Je souhaite recevoir la newsletter mensuelle' },
  },
};

/** Options of heard_about_us, in the order they are listed. */
export const HEARD_ABOUT_US_OPTIONS: { value: 'friends' | 'social' | 'newspaper' | 'other'; labels: AllLanguages<string> }[] = [
  {
    value: 'friends',
    labels: {
      en: 'From friends or family',
      nl: 'Via vrienden of familie',
      es: 'Por amigos o familia',
      de: 'Von Freunden oder Familie',
      fr: 'Par des amis ou la famille',
    },
  },
  { value: 'social', labels: { en: 'Social media', nl: 'Sociale media', es: 'Redes sociales', de: 'Soziale Medien', fr: 'Réseaux sociaux' } },
  {
    value: 'newspaper',
    labels: { en: 'Newspaper or magazine', nl: 'Krant of tijdschrift', es: 'Periódico o revista', de: 'Zeitung oder Zeitschrift', fr: 'Journal ou magazine' },
  },
  { value: 'other', labels: { en: 'Other', nl: 'Anders', es: 'Otro', de: 'Sonstiges', fr: 'Autre' } },
];
