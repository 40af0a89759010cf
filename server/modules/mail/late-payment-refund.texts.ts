/** The wording of the mails about a payment that arrived too late and is refunded (late-payment-refund.ts). */
import type { Language } from '#domain/languages.ts';

export interface LatePaymentTexts {
  subject: string;
  greeting: (name: string) => string;
  body: (amount: string) => string;
  orders: string;
  closing: string;
  /** To the organisation. */
  staffSubject: (reference: string) => string;
  staffBody: (amount: string, customer: string) => string;
}

export const LATE_PAYMENT_TEXTS: Record<Language, LatePaymentTexts> = {
  en: {
    subject: 'Your payment is being refunded',
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    body: (amount) =>
      `Your payment of ${amount} reached us after the time to pay had run out, and the places you had chosen were no longer available. We are refunding the full ${amount} to the way you paid; this can take a few days to appear.`,
    orders: 'Order',
    closing: 'We are sorry for the inconvenience. Kind regards,',
    staffSubject: (reference) => `Late payment refunded (${reference})`,
    staffBody: (amount, customer) =>
      `A payment of ${amount} by ${customer} arrived after its hold had expired and the places were no longer free. The orders are marked REFUNDED and the refund has been requested from the payment provider.`,
  },
  nl: {
    subject: 'Je betaling wordt terugbetaald',
    greeting: (name) => (name ? `Beste ${name},` : 'Hallo,'),
    body: (amount) =>
      `Je betaling van ${amount} kwam bij ons binnen nadat de betaaltijd was verlopen, en de plaatsen die je had gekozen waren niet meer beschikbaar. We betalen het volledige bedrag van ${amount} terug via de manier waarop je betaalde; dit kan een paar dagen duren.`,
    orders: 'Bestelling',
    closing: 'Excuses voor het ongemak. Met vriendelijke groet,',
    staffSubject: (reference) => `Late betaling terugbetaald (${reference})`,
    staffBody: (amount, customer) =>
      `Een betaling van ${amount} door ${customer} kwam binnen nadat de reservering van de plaatsen was verlopen en de plaatsen niet meer vrij waren. De bestellingen staan op REFUNDED en de terugbetaling is bij de betaalprovider aangevraagd.`,
  },
  es: {
    subject: 'Te estamos reembolsando el pago',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: (amount) =>
      `Tu pago de ${amount} nos llegó cuando ya había vencido el plazo para pagar, y las plazas que habías elegido ya no estaban disponibles. Te reembolsamos los ${amount} completos por el mismo medio de pago; puede tardar unos días en aparecer.`,
    orders: 'Pedido',
    closing: 'Sentimos las molestias. Saludos cordiales,',
    staffSubject: (reference) => `Pago tardío reembolsado (${reference})`,
    staffBody: (amount, customer) =>
      `Un pago de ${amount} de ${customer} llegó después de que caducara la retención y las plazas ya no estaban libres. Los pedidos están marcados como REFUNDED y se ha solicitado el reembolso al proveedor de pagos.`,
  },
  de: {
    subject: 'Ihre Zahlung wird erstattet',
    greeting: (name) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    body: (amount) =>
      `Ihre Zahlung über ${amount} ist erst nach Ablauf der Zahlungsfrist bei uns eingegangen, und die gewählten Plätze waren nicht mehr verfügbar. Wir erstatten die vollen ${amount} auf dem Weg, auf dem Sie bezahlt haben; das kann einige Tage dauern.`,
    orders: 'Bestellung',
    closing: 'Wir bitten um Entschuldigung. Mit freundlichen Grüßen',
    staffSubject: (reference) => `Verspätete Zahlung erstattet (${reference})`,
    staffBody: (amount, customer) =>
      `Eine Zahlung über ${amount} von ${customer} ging nach Ablauf der Platzreservierung ein, und die Plätze waren nicht mehr frei. Die Bestellungen stehen auf REFUNDED, und die Erstattung wurde beim Zahlungsanbieter beantragt.`,
  },
  fr: {
    subject: 'Votre paiement vous est remboursé',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (amount) =>
      `Votre paiement de ${amount} nous est parvenu après l'expiration du délai de paiement, et les places choisies n'étaient plus disponibles. Nous vous remboursons l'intégralité des ${amount} sur le moyen de paiement utilisé ; cela peut prendre quelques jours.`,
    orders: 'Commande',
    closing: 'Veuillez nous excuser pour ce désagrément. Cordialement,',
    staffSubject: (reference) => `Paiement tardif remboursé (${reference})`,
    staffBody: (amount, customer) =>
      `Un paiement de ${amount} de ${customer} est arrivé après l'expiration de la réservation des places, qui n'étaient plus libres. Les commandes sont marquées REFUNDED et le remboursement a été demandé au prestataire de paiement.`,
  },
};
