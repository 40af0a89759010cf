/** The wording of the subscription mails (subscription-mail.ts), one entry per shop language. */
import type { Language } from '#domain/languages.ts';

export interface SubscriptionMailTexts {
  subjectConfirmed: string;
  subjectReminder: string;
  greeting: (name: string) => string;
  introConfirmed: string;
  introReminder: string;
  passes: string;
  expires: (date: string) => string;
  renew: string;
  closing: string;
}

export const SUBSCRIPTION_MAIL_TEXTS: Record<Language, SubscriptionMailTexts> = {
  en: {
    subjectConfirmed: 'Your subscription is ready',
    subjectReminder: 'Your subscription expires soon',
    greeting: (name) => `Dear ${name},`,
    introConfirmed: 'Thank you for your order. We have received your payment; your subscription is ready.',
    introReminder: 'Your subscription expires soon. Renew it now so you do not miss a visit.',
    passes: 'Passes',
    expires: (date) => `Valid until ${date}`,
    renew: 'Renew your subscription',
    closing: 'Kind regards,',
  },
  nl: {
    subjectConfirmed: 'Je abonnement staat klaar',
    subjectReminder: 'Je abonnement verloopt binnenkort',
    greeting: (name) => `Beste ${name},`,
    introConfirmed: 'Bedankt voor je bestelling. We hebben je betaling ontvangen; je abonnement staat klaar.',
    introReminder: 'Je abonnement verloopt binnenkort. Verleng het nu, zodat je geen bezoek mist.',
    passes: 'Passen',
    expires: (date) => `Geldig tot en met ${date}`,
    renew: 'Verleng je abonnement',
    closing: 'Met vriendelijke groet,',
  },
  es: {
    subjectConfirmed: 'Tu suscripción está lista',
    subjectReminder: 'Tu suscripción caduca pronto',
    greeting: (name) => `Hola, ${name}:`,
    introConfirmed: 'Gracias por tu pedido. Hemos recibido tu pago; tu suscripción está lista.',
    introReminder: 'Tu suscripción caduca pronto. Renuévala ahora para no perderte ninguna visita.',
    passes: 'Pases',
    expires: (date) => `Válida hasta el ${date}`,
    renew: 'Renovar tu suscripción',
    closing: 'Un saludo,',
  },
  de: {
    subjectConfirmed: 'Ihr Abonnement ist bereit',
    subjectReminder: 'Ihr Abonnement läuft bald ab',
    greeting: (name) => `Guten Tag ${name},`,
    introConfirmed: 'Vielen Dank für Ihre Bestellung. Wir haben Ihre Zahlung erhalten; Ihr Abonnement ist bereit.',
    introReminder: 'Ihr Abonnement läuft bald ab. Verlängern Sie es jetzt, damit Sie keinen Besuch verpassen.',
    passes: 'Pässe',
    expires: (date) => `Gültig bis ${date}`,
    renew: 'Abonnement verlängern',
    closing: 'Mit freundlichen Grüßen',
  },
  fr: {
    subjectConfirmed: 'Votre abonnement est prêt',
    subjectReminder: 'Votre abonnement expire bientôt',
    greeting: (name) => `Bonjour ${name},`,
    introConfirmed: 'Merci pour votre commande. Nous avons bien reçu votre paiement ; votre abonnement est prêt.',
    introReminder: 'Votre abonnement expire bientôt. Renouvelez-le dès maintenant pour ne manquer aucune visite.',
    passes: 'Cartes',
    expires: (date) => `Valable jusqu'au ${date}`,
    renew: 'Renouveler votre abonnement',
    closing: 'Cordialement,',
  },
};
