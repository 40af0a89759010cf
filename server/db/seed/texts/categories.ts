/** Titles and introductions of the demo categories. */
import type { CategorySlug } from '../demo-keys.ts';
import type { AllLanguages } from './all-languages.ts';

export interface CategoryText {
  title: string;
  description: string;
}

export const CATEGORY_TEXTS: Record<CategorySlug, AllLanguages<CategoryText>> = {
  'day-tickets': {
    en: { title: 'Day tickets', description: '<p>Tickets for the aquarium and the zoo, for a morning or a whole day out.</p>' },
    nl: { title: 'Dagtickets', description: '<p>Tickets voor het aquarium en de dierentuin, voor een ochtend of een hele dag uit.</p>' },
    es: { title: 'Entradas de día', description: '<p>Entradas para el acuario y el zoo, para una mañana o un día entero.</p>' },
    de: { title: 'Tagestickets', description: '<p>Tickets für Aquarium und Zoo – für einen Vormittag oder einen ganzen Tag.</p>' },
    fr: { title: 'Billets journée', description: '<p>Billets pour l’aquarium et le zoo, pour une matinée ou une journée entière.</p>' },
  },
  'guided-tours': {
    en: { title: 'Guided tours', description: '<p>Meet the animals up close with one of our keepers.</p>' },
    nl: { title: 'Rondleidingen', description: '<p>Ontmoet de dieren van dichtbij met een van onze verzorgers.</p>' },
    es: { title: 'Visitas guiadas', description: '<p>Conoce a los animales de cerca con uno de nuestros cuidadores.</p>' },
    de: { title: 'Führungen', description: '<p>Erleben Sie die Tiere hautnah mit unseren Tierpflegern.</p>' },
    fr: { title: 'Visites guidées', description: '<p>Approchez les animaux avec l’un de nos soigneurs.</p>' },
  },
  'memberships-and-gifts': {
    en: { title: 'Memberships & gifts', description: '<p>Visit all year round, or give a day out as a present.</p>' },
    nl: { title: 'Abonnementen & cadeaus', description: '<p>Kom het hele jaar door, of geef een dagje uit cadeau.</p>' },
    es: { title: 'Abonos y regalos', description: '<p>Visítanos todo el año o regala un día de excursión.</p>' },
    de: { title: 'Jahreskarten & Geschenke', description: '<p>Das ganze Jahr zu Besuch – oder einen Ausflug verschenken.</p>' },
    fr: { title: 'Abonnements & cadeaux', description: '<p>Venez toute l’année, ou offrez une sortie en cadeau.</p>' },
  },
  'winter-lights': {
    en: { title: 'Winter Lights', description: '<p>A glowing evening trail through the zoo, coming this winter.</p>' },
    nl: { title: 'Winterlichtjes', description: '<p>Een sprankelende avondroute door de dierentuin, deze winter.</p>' },
    es: { title: 'Luces de invierno', description: '<p>Un recorrido nocturno iluminado por el zoo, este invierno.</p>' },
    de: { title: 'Winterlichter', description: '<p>Ein leuchtender Abendpfad durch den Zoo, diesen Winter.</p>' },
    fr: { title: 'Lumières d’hiver', description: '<p>Un parcours nocturne illuminé à travers le zoo, cet hiver.</p>' },
  },
};
