/** The order confirmation mail's wording, one entry per shop language (order-confirmation.ts). */
import type { Language } from '#domain/languages.ts';

export interface OrderConfirmationTexts {
  subjectPaid: string;
  subjectReserved: string;
  greeting: (name: string) => string;
  introPaid: string;
  introReserved: string;
  tickets: string;
  total: string;
  linkPaid: string;
  linkReserved: string;
  closing: string;
  /** Above the e-tickets' QR codes (inline images). */
  eTickets: string;
  eTicket: (position: number, of: number) => string;
}

export const ORDER_CONFIRMATION_TEXTS: Record<Language, OrderConfirmationTexts> = {
  en: {
    subjectPaid: 'Your order is confirmed',
    subjectReserved: 'Your reservation is confirmed',
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    introPaid: 'Thank you for your order. We have received your payment; here is what you booked.',
    introReserved: 'Thank you for your reservation. Here is what you reserved; you can pay it later.',
    tickets: 'Tickets',
    total: 'Total',
    linkPaid: 'View your order',
    linkReserved: 'View or pay your reservation',
    closing: 'Kind regards,',
    eTickets: 'Your e-tickets: show one QR code per person at the entrance.',
    eTicket: (p, n) => `Ticket ${p} of ${n}`,
  },
  nl: {
    subjectPaid: 'Je bestelling is bevestigd',
    subjectReserved: 'Je reservering is bevestigd',
    greeting: (name) => (name ? `Beste ${name},` : 'Hallo,'),
    introPaid: 'Bedankt voor je bestelling. We hebben je betaling ontvangen; dit heb je geboekt.',
    introReserved: 'Bedankt voor je reservering. Dit heb je gereserveerd; je kunt later betalen.',
    tickets: 'Tickets',
    total: 'Totaal',
    linkPaid: 'Bekijk je bestelling',
    linkReserved: 'Bekijk of betaal je reservering',
    closing: 'Met vriendelijke groet,',
    eTickets: 'Je e-tickets: laat bij de ingang per persoon één QR-code zien.',
    eTicket: (p, n) => `Ticket ${p} van ${n}`,
  },
  es: {
    subjectPaid: 'Tu pedido está confirmado',
    subjectReserved: 'Tu reserva está confirmada',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    introPaid: 'Gracias por tu pedido. Hemos recibido tu pago; esto es lo que has reservado.',
    introReserved: 'Gracias por tu reserva. Esto es lo que has reservado; puedes pagarlo más tarde.',
    tickets: 'Entradas',
    total: 'Total',
    linkPaid: 'Ver tu pedido',
    linkReserved: 'Ver o pagar tu reserva',
    closing: 'Saludos cordiales,',
    eTickets: 'Tus entradas electrónicas: muestra un código QR por persona en la entrada.',
    eTicket: (p, n) => `Entrada ${p} de ${n}`,
  },
  de: {
    subjectPaid: 'Ihre Bestellung ist bestätigt',
    subjectReserved: 'Ihre Reservierung ist bestätigt',
    greeting: (name) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    introPaid: 'Vielen Dank für Ihre Bestellung. Wir haben Ihre Zahlung erhalten; das haben Sie gebucht.',
    introReserved: 'Vielen Dank für Ihre Reservierung. Das haben Sie reserviert; Sie können später bezahlen.',
    tickets: 'Tickets',
    total: 'Gesamt',
    linkPaid: 'Ihre Bestellung ansehen',
    linkReserved: 'Ihre Reservierung ansehen oder bezahlen',
    closing: 'Mit freundlichen Grüßen',
    eTickets: 'Ihre E-Tickets: Zeigen Sie am Eingang pro Person einen QR-Code vor.',
    eTicket: (p, n) => `Ticket ${p} von ${n}`,
  },
  fr: {
    subjectPaid: 'Votre commande est confirmée',
    subjectReserved: 'Votre réservation est confirmée',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    introPaid: 'Merci pour votre commande. Nous avons bien reçu votre paiement ; voici ce que vous avez réservé.',
    introReserved: 'Merci pour votre réservation. Voici ce que vous avez réservé ; vous pourrez payer plus tard.',
    tickets: 'Billets',
    total: 'Total',
    linkPaid: 'Voir votre commande',
    linkReserved: 'Voir ou payer votre réservation',
    closing: 'Cordialement,',
    eTickets: 'Vos billets électroniques : présentez un code QR par personne à l’entrée.',
    eTicket: (p, n) => `Billet ${p} sur ${n}`,
  },
};
