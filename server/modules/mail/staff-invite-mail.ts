/**
 * The mail inviting someone to the back office (or resetting their password): one set-password link,
 * written to the outbox in the transaction that made the account.
 */
import { translate, type Language } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { defaultLanguageOf, findOrganisation } from '../organisation/index.ts';
import { renderLinkMail } from './link-mail.ts';
import { enqueueMail } from './outbox.repo.ts';

const TEXTS: Record<
  Language,
  { subject: string; greeting: (name: string) => string; intro: string; action: string; validFor: (hours: number) => string; notYou: string; closing: string }
> = {
  en: {
    subject: 'Your back-office account',
    greeting: (name) => `Hello ${name},`,
    intro: 'You have been given an account for the shop’s back office. Choose your password to start.',
    action: 'Choose your password',
    validFor: (hours) => `The link works once, for ${hours} hours.`,
    notYou: 'Not expecting this? Ignore this mail; nothing happens without the link.',
    closing: 'Kind regards,',
  },
  nl: {
    subject: 'Je backoffice-account',
    greeting: (name) => `Hallo ${name},`,
    intro: 'Je hebt een account gekregen voor de backoffice van de winkel. Kies je wachtwoord om te beginnen.',
    action: 'Kies je wachtwoord',
    validFor: (hours) => `De link werkt één keer, ${hours} uur lang.`,
    notYou: 'Verwachtte je dit niet? Negeer deze mail; zonder de link gebeurt er niets.',
    closing: 'Met vriendelijke groet,',
  },
  es: {
    subject: 'Tu cuenta del back office',
    greeting: (name) => `Hola ${name}:`,
    intro: 'Te han dado una cuenta para el back office de la tienda. Elige tu contraseña para empezar.',
    action: 'Elegir tu contraseña',
    validFor: (hours) => `El enlace funciona una vez, durante ${hours} horas.`,
    notYou: '¿No lo esperabas? Ignora este correo; sin el enlace no pasa nada.',
    closing: 'Saludos cordiales,',
  },
  de: {
    subject: 'Dein Backoffice-Konto',
    greeting: (name) => `Hallo ${name},`,
    intro: 'Du hast ein Konto für das Backoffice des Shops bekommen. Wähle dein Passwort, um zu beginnen.',
    action: 'Passwort wählen',
    validFor: (hours) => `Der Link funktioniert einmal, ${hours} Stunden lang.`,
    notYou: 'Nicht erwartet? Ignoriere diese E-Mail; ohne den Link passiert nichts.',
    closing: 'Viele Grüße',
  },
  fr: {
    subject: 'Votre compte du back-office',
    greeting: (name) => `Bonjour ${name},`,
    intro: 'Un compte vous a été créé pour le back-office de la boutique. Choisissez votre mot de passe pour commencer.',
    action: 'Choisir votre mot de passe',
    validFor: (hours) => `Le lien fonctionne une fois, pendant ${hours} heures.`,
    notYou: 'Vous ne l’attendiez pas ? Ignorez ce message ; rien ne se passe sans le lien.',
    closing: 'Cordialement,',
  },
};

export async function enqueueStaffInviteMail(
  executor: Executor,
  mail: { language: Language; recipient: string; name: string; link: string; validHours: number },
): Promise<void> {
  const organisation = await findOrganisation(executor);
  const shopName = (organisation && translate(organisation.texts, mail.language, defaultLanguageOf(organisation)).name) || '';
  const texts = TEXTS[mail.language];
  const words = {
    subject: texts.subject,
    greeting: texts.greeting(mail.name),
    intro: texts.intro,
    action: texts.action,
    validFor: texts.validFor(mail.validHours),
    notYou: texts.notYou,
    closing: texts.closing,
  };
  await enqueueMail(executor, { kind: 'staff-invite', recipient: mail.recipient, ...renderLinkMail(mail.language, words, mail.link, shopName) });
}
