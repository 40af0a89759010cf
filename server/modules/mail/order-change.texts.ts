/**
 * The wording of the mail that tells a visitor what changed on their order (order-change-mail.ts):
 * a move, a refund (part or all), a cancel, and a refund request accepted or declined.
 */
import type { Language } from '#domain/languages.ts';

/** How the money goes back, by the payment's gateway. */
export type RefundMethod = 'card' | 'paypal' | 'other';

export interface OrderChangeTexts {
  subject: {
    moved: (number: string) => string;
    refunded: (number: string) => string;
    cancelled: (number: string) => string;
    request: (number: string) => string;
  };
  greeting: (name: string) => string;
  moved: (product: string, from: string, to: string) => string;
  priceDifference: (amount: string) => string;
  cancelled: (product: string, number: string) => string;
  /** Some tickets of the order no longer valid (a refund of some of them). */
  ticketsRefunded: (count: number) => string;
  refunded: (amount: string, method: RefundMethod) => string;
  accepted: (number: string) => string;
  declined: (number: string) => string;
  replyLabel: string;
  closing: string;
}

export const ORDER_CHANGE_TEXTS: Record<Language, OrderChangeTexts> = {
  en: {
    subject: {
      moved: (number) => `Your booking ${number} has been moved`,
      refunded: (number) => `A refund for your order ${number}`,
      cancelled: (number) => `Your order ${number} has been cancelled`,
      request: (number) => `Your refund request for order ${number}`,
    },
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    moved: (product, from, to) => `Your booking for ${product} has been moved from ${from} to ${to}. Your tickets stay the same and are valid at the new time.`,
    priceDifference: (amount) => `The price difference at the new time is ${amount}; we will settle it with you.`,
    cancelled: (product, number) => `Your order ${number} for ${product} has been cancelled. Its tickets are no longer valid.`,
    ticketsRefunded: (count) => (count === 1 ? '1 ticket of your order is no longer valid.' : `${count} tickets of your order are no longer valid.`),
    refunded: (amount, method) =>
      `We are refunding ${amount} ${method === 'card' ? 'to your card' : method === 'paypal' ? 'to your PayPal account' : 'the way you paid'}. It can take up to 10 working days to appear.`,
    accepted: (number) => `We have accepted your request to cancel and refund order ${number}.`,
    declined: (number) => `We have looked at your request to cancel and refund order ${number}. We are sorry, but we cannot refund this order.`,
    replyLabel: 'Our reply:',
    closing: 'If you have any questions, simply reply to this e-mail. Kind regards,',
  },
  nl: {
    subject: {
      moved: (number) => `Je boeking ${number} is verplaatst`,
      refunded: (number) => `Een terugbetaling voor je bestelling ${number}`,
      cancelled: (number) => `Je bestelling ${number} is geannuleerd`,
      request: (number) => `Je verzoek om terugbetaling voor bestelling ${number}`,
    },
    greeting: (name) => (name ? `Beste ${name},` : 'Hallo,'),
    moved: (product, from, to) =>
      `Je boeking voor ${product} is verplaatst van ${from} naar ${to}. Je tickets blijven hetzelfde en gelden op het nieuwe tijdstip.`,
    priceDifference: (amount) => `Het prijsverschil op het nieuwe tijdstip is ${amount}; we verrekenen dat met je.`,
    cancelled: (product, number) => `Je bestelling ${number} voor ${product} is geannuleerd. De tickets zijn niet meer geldig.`,
    ticketsRefunded: (count) => (count === 1 ? '1 ticket van je bestelling is niet meer geldig.' : `${count} tickets van je bestelling zijn niet meer geldig.`),
    refunded: (amount, method) =>
      `We betalen ${amount} terug ${method === 'card' ? 'op je kaart' : method === 'paypal' ? 'op je PayPal-rekening' : 'via de manier waarop je betaalde'}. Het kan tot 10 werkdagen duren voordat je het ziet.`,
    accepted: (number) => `We hebben je verzoek om bestelling ${number} te annuleren en terug te betalen geaccepteerd.`,
    declined: (number) =>
      `We hebben je verzoek bekeken om bestelling ${number} te annuleren en terug te betalen. Helaas kunnen we deze bestelling niet terugbetalen.`,
    replyLabel: 'Ons antwoord:',
    closing: 'Heb je nog vragen? Beantwoord dan gewoon deze e-mail. Met vriendelijke groet,',
  },
  es: {
    subject: {
      moved: (number) => `Tu reserva ${number} se ha cambiado`,
      refunded: (number) => `Un reembolso de tu pedido ${number}`,
      cancelled: (number) => `Tu pedido ${number} se ha cancelado`,
      request: (number) => `Tu solicitud de reembolso del pedido ${number}`,
    },
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    moved: (product, from, to) =>
      `Tu reserva de ${product} se ha cambiado del ${from} al ${to}. Tus entradas siguen siendo las mismas y son válidas a la nueva hora.`,
    priceDifference: (amount) => `La diferencia de precio a la nueva hora es de ${amount}; la arreglaremos contigo.`,
    cancelled: (product, number) => `Tu pedido ${number} de ${product} se ha cancelado. Sus entradas ya no son válidas.`,
    ticketsRefunded: (count) => (count === 1 ? '1 entrada de tu pedido ya no es válida.' : `${count} entradas de tu pedido ya no son válidas.`),
    refunded: (amount, method) =>
      `Te reembolsamos ${amount} ${method === 'card' ? 'en tu tarjeta' : method === 'paypal' ? 'en tu cuenta de PayPal' : 'por el mismo medio de pago'}. Puede tardar hasta 10 días hábiles en aparecer.`,
    accepted: (number) => `Hemos aceptado tu solicitud de cancelar y reembolsar el pedido ${number}.`,
    declined: (number) => `Hemos revisado tu solicitud de cancelar y reembolsar el pedido ${number}. Lo sentimos, pero no podemos reembolsar este pedido.`,
    replyLabel: 'Nuestra respuesta:',
    closing: 'Si tienes alguna pregunta, responde a este correo. Saludos cordiales,',
  },
  de: {
    subject: {
      moved: (number) => `Ihre Buchung ${number} wurde verlegt`,
      refunded: (number) => `Eine Erstattung für Ihre Bestellung ${number}`,
      cancelled: (number) => `Ihre Bestellung ${number} wurde storniert`,
      request: (number) => `Ihre Erstattungsanfrage für Bestellung ${number}`,
    },
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    moved: (product, from, to) => `Ihre Buchung für ${product} wurde von ${from} auf ${to} verlegt. Ihre Tickets bleiben dieselben und gelten zur neuen Zeit.`,
    priceDifference: (amount) => `Der Preisunterschied zur neuen Zeit beträgt ${amount}; wir rechnen ihn mit Ihnen ab.`,
    cancelled: (product, number) => `Ihre Bestellung ${number} für ${product} wurde storniert. Ihre Tickets sind nicht mehr gültig.`,
    ticketsRefunded: (count) =>
      count === 1 ? '1 Ticket Ihrer Bestellung ist nicht mehr gültig.' : `${count} Tickets Ihrer Bestellung sind nicht mehr gültig.`,
    refunded: (amount, method) =>
      `Wir erstatten ${amount} ${method === 'card' ? 'auf Ihre Karte' : method === 'paypal' ? 'auf Ihr PayPal-Konto' : 'auf dem Weg, auf dem Sie bezahlt haben'}. Es kann bis zu 10 Werktage dauern, bis der Betrag erscheint.`,
    accepted: (number) => `Wir haben Ihre Anfrage angenommen, Bestellung ${number} zu stornieren und zu erstatten.`,
    declined: (number) =>
      `Wir haben Ihre Anfrage geprüft, Bestellung ${number} zu stornieren und zu erstatten. Leider können wir diese Bestellung nicht erstatten.`,
    replyLabel: 'Unsere Antwort:',
    closing: 'Bei Fragen antworten Sie einfach auf diese E-Mail. Mit freundlichen Grüßen',
  },
  fr: {
    subject: {
      moved: (number) => `Votre réservation ${number} a été déplacée`,
      refunded: (number) => `Un remboursement pour votre commande ${number}`,
      cancelled: (number) => `Votre commande ${number} a été annulée`,
      request: (number) => `Votre demande de remboursement pour la commande ${number}`,
    },
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    moved: (product, from, to) =>
      `Votre réservation pour ${product} a été déplacée du ${from} au ${to}. Vos billets restent les mêmes et sont valables au nouvel horaire.`,
    priceDifference: (amount) => `La différence de prix au nouvel horaire est de ${amount} ; nous la réglerons avec vous.`,
    cancelled: (product, number) => `Votre commande ${number} pour ${product} a été annulée. Ses billets ne sont plus valables.`,
    ticketsRefunded: (count) => (count === 1 ? '1 billet de votre commande n’est plus valable.' : `${count} billets de votre commande ne sont plus valables.`),
    refunded: (amount, method) =>
      `Nous vous remboursons ${amount} ${method === 'card' ? 'sur votre carte' : method === 'paypal' ? 'sur votre compte PayPal' : 'par le moyen de paiement utilisé'}. Cela peut prendre jusqu’à 10 jours ouvrés.`,
    accepted: (number) => `Nous avons accepté votre demande d’annulation et de remboursement de la commande ${number}.`,
    declined: (number) =>
      `Nous avons examiné votre demande d’annulation et de remboursement de la commande ${number}. Nous sommes désolés, mais nous ne pouvons pas rembourser cette commande.`,
    replyLabel: 'Notre réponse :',
    closing: 'Pour toute question, répondez simplement à cet e-mail. Cordialement,',
  },
};
