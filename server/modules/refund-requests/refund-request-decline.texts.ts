/** The wording of the mail to a visitor whose refund request the organisation declined (refund-request-inbox.ts). */
import type { Language } from '#domain/languages.ts';

export interface DeclineTexts {
  subject: (orderNumber: string) => string;
  greeting: (name: string) => string;
  body: (orderNumber: string) => string;
  reasonLabel: string;
  closing: string;
}

export const DECLINE_TEXTS: Record<Language, DeclineTexts> = {
  en: {
    subject: (number) => `Your refund request for order ${number}`,
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    body: (number) => `We have looked at your request to cancel and refund order ${number}. We are sorry, but we cannot refund this order.`,
    reasonLabel: 'Our reply:',
    closing: 'If you have any questions, simply reply to this e-mail. Kind regards,',
  },
  nl: {
    subject: (number) => `Je verzoek om terugbetaling voor bestelling ${number}`,
    greeting: (name) => (name ? `Beste ${name},` : 'Hallo,'),
    body: (number) =>
      `We hebben je verzoek bekeken om bestelling ${number} te annuleren en terug te betalen. Helaas kunnen we deze bestelling niet terugbetalen.`,
    reasonLabel: 'Ons antwoord:',
    closing: 'Heb je nog vragen? Beantwoord dan gewoon deze e-mail. Met vriendelijke groet,',
  },
  es: {
    subject: (number) => `Tu solicitud de reembolso del pedido ${number}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: (number) => `Hemos revisado tu solicitud de cancelar y reembolsar el pedido ${number}. Lo sentimos, pero no podemos reembolsar este pedido.`,
    reasonLabel: 'Nuestra respuesta:',
    closing: 'Si tienes alguna pregunta, responde a este correo. Saludos cordiales,',
  },
  de: {
    subject: (number) => `Ihre Erstattungsanfrage für Bestellung ${number}`,
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    body: (number) =>
      `Wir haben Ihre Anfrage geprüft, Bestellung ${number} zu stornieren und zu erstatten. Leider können wir diese Bestellung nicht erstatten.`,
    reasonLabel: 'Unsere Antwort:',
    closing: 'Bei Fragen antworten Sie einfach auf diese E-Mail. Mit freundlichen Grüßen',
  },
  fr: {
    subject: (number) => `Votre demande de remboursement pour la commande ${number}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (number) =>
      `Nous avons examiné votre demande d'annulation et de remboursement de la commande ${number}. Nous sommes désolés, mais nous ne pouvons pas rembourser cette commande.`,
    reasonLabel: 'Notre réponse :',
    closing: 'Pour toute question, répondez simplement à cet e-mail. Cordialement,',
  },
};
