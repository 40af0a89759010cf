/** Copy of the demo subscriptions. */
import type { SubscriptionSlug } from '../demo-keys.ts';
import type { AllLanguages } from './all-languages.ts';

export interface SubscriptionText {
  title: string;
  description: string;
  label: string;
}

export const SUBSCRIPTION_TEXTS: Record<SubscriptionSlug, AllLanguages<SubscriptionText>> = {
  'family-membership': {
    en: {
      title: 'Family membership',
      label: 'Unlimited visits',
      description:
        '<p>A year of unlimited visits to the zoo and the aquarium, with a personal pass for every member of the family.</p>' +
        '<ul><li>10% off in the shop and the café</li><li>Invitations to members’ evenings</li></ul>',
    },
    nl: {
      title: 'Gezinsabonnement',
      label: 'Onbeperkt bezoeken',
      description:
        '<p>Een jaar lang onbeperkt naar de dierentuin en het aquarium, met een persoonlijke pas voor ieder gezinslid.</p>' +
        '<ul><li>10% korting in de winkel en het café</li><li>Uitnodigingen voor ledenavonden</li></ul>',
    },
    es: {
      title: 'Abono familiar',
      label: 'Visitas ilimitadas',
      description:
        '<p>Un año de visitas ilimitadas al zoo y al acuario, con un pase personal para cada miembro de la familia.</p>' +
        '<ul><li>10 % de descuento en la tienda y la cafetería</li><li>Invitaciones a las veladas para socios</li></ul>',
    },
    de: {
      title: 'Familien-Jahreskarte',
      label: 'Unbegrenzte Besuche',
      description:
        '<p>Ein Jahr lang unbegrenzt in den Zoo und ins Aquarium, mit einem persönlichen Ausweis für jedes Familienmitglied.</p>' +
        '<ul><li>10 % Rabatt im Shop und im Café</li><li>Einladungen zu Mitgliederabenden</li></ul>',
    },
    fr: {
      title: 'Abonnement famille',
      label: 'Visites illimitées',
      description:
        '<p>Un an de visites illimitées au zoo et à l’aquarium, avec une carte personnelle pour chaque membre de la famille.</p>' +
        '<ul><li>10 % de réduction à la boutique et au café</li><li>Invitations aux soirées des membres</li></ul>',
    },
  },
  'online-aquarium-pass': {
    en: {
      title: 'Online aquarium pass',
      label: 'New',
      description: '<p>Ten visits to the aquarium or the penguin feeding, booked online with your account. Every ticket you book uses one visit.</p>',
    },
    nl: {
      title: 'Online aquariumpas',
      label: 'Nieuw',
      description: '<p>Tien bezoeken aan het aquarium of het pinguïnvoeren, online te boeken met je account. Elk geboekt ticket kost één bezoek.</p>',
    },
    es: {
      title: 'Pase online del acuario',
      label: 'Nuevo',
      description:
        '<p>Diez visitas al acuario o a la alimentación de los pingüinos, que reservas online con tu cuenta. Cada entrada reservada descuenta una visita.</p>',
    },
    de: {
      title: 'Online-Aquariumpass',
      label: 'Neu',
      description: '<p>Zehn Besuche im Aquarium oder bei der Pinguinfütterung, online mit Ihrem Konto gebucht. Jedes gebuchte Ticket zählt als ein Besuch.</p>',
    },
    fr: {
      title: 'Pass aquarium en ligne',
      label: 'Nouveau',
      description:
        '<p>Dix visites à l’aquarium ou au nourrissage des manchots, à réserver en ligne avec votre compte. Chaque billet réservé compte pour une visite.</p>',
    },
  },
};
