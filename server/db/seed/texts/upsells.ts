/** Copy of the extras offered next to products and subscriptions. */
import type { UpsellKey } from '../demo-keys.ts';
import type { AllLanguages } from './all-languages.ts';

export interface UpsellText {
  title: string;
  description: string;
}

export const UPSELL_TEXTS: Record<UpsellKey, AllLanguages<UpsellText>> = {
  'audio-guide': {
    en: { title: 'Audio guide', description: '<p>45 minutes of stories about the animals, in five languages. Collect the headset at the entrance.</p>' },
    nl: { title: 'Audiotour', description: '<p>45 minuten verhalen over de dieren, in vijf talen. Haal de koptelefoon op bij de ingang.</p>' },
    es: { title: 'Audioguía', description: '<p>45 minutos de historias sobre los animales, en cinco idiomas. Recoge los auriculares en la entrada.</p>' },
    de: { title: 'Audioguide', description: '<p>45 Minuten Geschichten über die Tiere, in fünf Sprachen. Den Kopfhörer erhalten Sie am Eingang.</p>' },
    fr: { title: 'Audioguide', description: '<p>45 minutes d’histoires sur les animaux, en cinq langues. Le casque est à retirer à l’entrée.</p>' },
  },
  'fish-food': {
    en: { title: 'Fish food cup', description: '<p>A cup of food for the koi in the garden pond.</p>' },
    nl: { title: 'Bekertje visvoer', description: '<p>Een bekertje voer voor de koikarpers in de tuinvijver.</p>' },
    es: { title: 'Vaso de comida para peces', description: '<p>Un vaso de comida para las carpas koi del estanque del jardín.</p>' },
    de: { title: 'Becher Fischfutter', description: '<p>Ein Becher Futter für die Koi im Gartenteich.</p>' },
    fr: { title: 'Gobelet de nourriture pour poissons', description: '<p>Un gobelet de nourriture pour les carpes koï du bassin du jardin.</p>' },
  },
  'sea-turtles': {
    en: {
      title: 'Support our sea turtles',
      description: '<p>Every euro goes to our sea turtle rescue centre, where injured turtles are nursed back to health and returned to the sea.</p>',
    },
    nl: {
      title: 'Steun onze zeeschildpadden',
      description: '<p>Elke euro gaat naar ons opvangcentrum, waar gewonde zeeschildpadden worden verzorgd en daarna terug naar zee gaan.</p>',
    },
    es: {
      title: 'Apoya a nuestras tortugas marinas',
      description: '<p>Cada euro va a nuestro centro de rescate, donde cuidamos a las tortugas marinas heridas hasta devolverlas al mar.</p>',
    },
    de: {
      title: 'Unterstützen Sie unsere Meeresschildkröten',
      description:
        '<p>Jeder Euro fließt in unsere Auffangstation, in der verletzte Meeresschildkröten gesund gepflegt und wieder ins Meer entlassen werden.</p>',
    },
    fr: {
      title: 'Soutenez nos tortues marines',
      description: '<p>Chaque euro va à notre centre de soins, où les tortues marines blessées sont soignées puis relâchées en mer.</p>',
    },
  },
  'penguin-photo': {
    en: { title: 'Penguin photo', description: '<p>A printed photo of you with the penguins, taken by our photographer during the feeding.</p>' },
    nl: { title: 'Foto met de pinguïns', description: '<p>Een afgedrukte foto van jou met de pinguïns, gemaakt door onze fotograaf tijdens het voeren.</p>' },
    es: {
      title: 'Foto con los pingüinos',
      description: '<p>Una foto impresa contigo y los pingüinos, tomada por nuestro fotógrafo durante la alimentación.</p>',
    },
    de: {
      title: 'Pinguinfoto',
      description: '<p>Ein gedrucktes Foto von Ihnen mit den Pinguinen, aufgenommen von unserem Fotografen während der Fütterung.</p>',
    },
    fr: {
      title: 'Photo avec les manchots',
      description: '<p>Une photo imprimée de vous avec les manchots, prise par notre photographe pendant le nourrissage.</p>',
    },
  },
  'parking-pass': {
    en: { title: 'Parking pass', description: '<p>A year of free parking in our car park next to the main entrance.</p>' },
    nl: { title: 'Parkeerkaart', description: '<p>Een jaar gratis parkeren op ons parkeerterrein naast de hoofdingang.</p>' },
    es: { title: 'Pase de aparcamiento', description: '<p>Un año de aparcamiento gratuito junto a la entrada principal.</p>' },
    de: { title: 'Parkausweis', description: '<p>Ein Jahr kostenlos parken auf unserem Parkplatz am Haupteingang.</p>' },
    fr: { title: 'Badge de parking', description: '<p>Un an de stationnement gratuit sur notre parking, à côté de l’entrée principale.</p>' },
  },
};
