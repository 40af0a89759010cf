/** The gift card mail's wording, one entry per shop language (gift-card-mail.ts). */
import type { Language } from '#domain/languages.ts';

export interface GiftCardTexts {
  subject: string;
  greeting: (name: string) => string;
  intro: (count: number) => string;
  code: string;
  value: string;
  validUntil: (date: string) => string;
  nonExpiring: string;
  print: string;
  howToUse: string;
  closing: string;
}

export const GIFT_CARD_TEXTS: Record<Language, GiftCardTexts> = {
  en: {
    subject: 'Your gift vouchers',
    greeting: (name) => `Dear ${name},`,
    intro: (count) =>
      count === 1 ? 'Thank you for your order. Here is your gift voucher:' : `Thank you for your order. Here are your ${count} gift vouchers:`,
    code: 'Code',
    value: 'Value',
    validUntil: (date) => `Valid until ${date}`,
    nonExpiring: 'Does not expire',
    print: 'Printable gift card (you can forward this link)',
    howToUse: 'Enter the code as a coupon when you order tickets; what is left stays on the card.',
    closing: 'Kind regards,',
  },
  nl: {
    subject: 'Je cadeaubonnen',
    greeting: (name) => `Beste ${name},`,
    intro: (count) => (count === 1 ? 'Bedankt voor je bestelling. Hier is je cadeaubon:' : `Bedankt voor je bestelling. Hier zijn je ${count} cadeaubonnen:`),
    code: 'Code',
    value: 'Waarde',
    validUntil: (date) => `Geldig tot en met ${date}`,
    nonExpiring: 'Verloopt niet',
    print: 'Printbare cadeaubon (je kunt deze link doorsturen)',
    howToUse: 'Vul de code in als kortingscode wanneer je tickets bestelt; wat overblijft blijft op de bon staan.',
    closing: 'Met vriendelijke groet,',
  },
  es: {
    subject: 'Tus vales regalo',
    greeting: (name) => `Hola, ${name}:`,
    intro: (count) => (count === 1 ? 'Gracias por tu pedido. Aquí tienes tu vale regalo:' : `Gracias por tu pedido. Aquí tienes tus ${count} vales regalo:`),
    code: 'Código',
    value: 'Valor',
    validUntil: (date) => `Válido hasta el ${date}`,
    nonExpiring: 'No caduca',
    print: 'Vale regalo imprimible (puedes reenviar este enlace)',
    howToUse: 'Introduce el código como cupón al comprar entradas; el saldo restante se queda en el vale.',
    closing: 'Saludos cordiales,',
  },
  de: {
    subject: 'Ihre Geschenkgutscheine',
    greeting: (name) => `Guten Tag ${name},`,
    intro: (count) =>
      count === 1
        ? 'Vielen Dank für Ihre Bestellung. Hier ist Ihr Geschenkgutschein:'
        : `Vielen Dank für Ihre Bestellung. Hier sind Ihre ${count} Geschenkgutscheine:`,
    code: 'Code',
    value: 'Wert',
    validUntil: (date) => `Gültig bis ${date}`,
    nonExpiring: 'Unbegrenzt gültig',
    print: 'Druckbarer Gutschein (Sie können diesen Link weiterleiten)',
    howToUse: 'Geben Sie den Code bei der Ticketbestellung als Gutscheincode ein; das Restguthaben bleibt auf dem Gutschein.',
    closing: 'Mit freundlichen Grüßen',
  },
  fr: {
    subject: 'Vos bons cadeaux',
    greeting: (name) => `Bonjour ${name},`,
    intro: (count) => (count === 1 ? 'Merci pour votre commande. Voici votre bon cadeau :' : `Merci pour votre commande. Voici vos ${count} bons cadeaux :`),
    code: 'Code',
    value: 'Valeur',
    validUntil: (date) => `Valable jusqu’au ${date}`,
    nonExpiring: 'Sans date d’expiration',
    print: 'Bon cadeau imprimable (vous pouvez transférer ce lien)',
    howToUse: 'Saisissez le code comme code promo lors de l’achat de billets ; le solde reste sur le bon.',
    closing: 'Cordialement,',
  },
};
