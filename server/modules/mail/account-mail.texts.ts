/** The wording of the account mails (account-mail.ts), one entry per shop language. */
import type { Language } from '#domain/languages.ts';

export interface AccountMailTexts {
  subjectConfirm: string;
  subjectExisting: string;
  greeting: (name: string) => string;
  /** A new account made with a purchase: follow the link to confirm the address and use the account. */
  introConfirm: string;
  /** The address already has an account: the purchase is on it; the password was not changed. */
  introExisting: string;
  confirm: string;
  signIn: string;
  validFor: (hours: number) => string;
  notYou: string;
  closing: string;
}

export const ACCOUNT_MAIL_TEXTS: Record<Language, AccountMailTexts> = {
  en: {
    subjectConfirm: 'Confirm your e-mail address',
    subjectExisting: 'An order with your e-mail address',
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    introConfirm:
      'Thank you for your order. An account was made for this e-mail address with the password chosen at the order. It can be used once you confirm that this address is yours with the link below.',
    introExisting:
      'A subscription was ordered with this e-mail address, which already has an account. Once it is paid, it is on your account. Your password was not changed; sign in with it or with the link below.',
    confirm: 'Confirm your e-mail address and sign in',
    signIn: 'Sign in',
    validFor: (hours) => `The link works once, for ${hours} hours.`,
    notYou: 'Did you not order anything? Then do not follow the link: nothing will be done with your address.',
    closing: 'Kind regards,',
  },
  nl: {
    subjectConfirm: 'Bevestig je e-mailadres',
    subjectExisting: 'Een bestelling met je e-mailadres',
    greeting: (name) => (name ? `Beste ${name},` : 'Hallo,'),
    introConfirm:
      'Bedankt voor je bestelling. Er is een account gemaakt voor dit e-mailadres met het wachtwoord dat bij de bestelling is gekozen. Je kunt het gebruiken zodra je met de link hieronder bevestigt dat dit adres van jou is.',
    introExisting:
      'Er is een abonnement besteld met dit e-mailadres, dat al een account heeft. Zodra het betaald is, staat het op je account. Je wachtwoord is niet gewijzigd; log in met je wachtwoord of met de link hieronder.',
    confirm: 'Bevestig je e-mailadres en log in',
    signIn: 'Inloggen',
    validFor: (hours) => `De link werkt één keer, ${hours} uur lang.`,
    notYou: 'Heb je niets besteld? Volg de link dan niet: er gebeurt niets met je adres.',
    closing: 'Met vriendelijke groet,',
  },
  es: {
    subjectConfirm: 'Confirma tu dirección de correo',
    subjectExisting: 'Un pedido con tu dirección de correo',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    introConfirm:
      'Gracias por tu pedido. Se ha creado una cuenta para esta dirección de correo con la contraseña elegida en el pedido. Podrás usarla cuando confirmes con el enlace de abajo que esta dirección es tuya.',
    introExisting:
      'Se ha pedido una suscripción con esta dirección de correo, que ya tiene una cuenta. Cuando esté pagada, estará en tu cuenta. Tu contraseña no ha cambiado; inicia sesión con ella o con el enlace de abajo.',
    confirm: 'Confirma tu correo e inicia sesión',
    signIn: 'Iniciar sesión',
    validFor: (hours) => `El enlace funciona una vez, durante ${hours} horas.`,
    notYou: '¿No has pedido nada? Entonces no sigas el enlace: no se hará nada con tu dirección.',
    closing: 'Saludos cordiales,',
  },
  de: {
    subjectConfirm: 'Bestätigen Sie Ihre E-Mail-Adresse',
    subjectExisting: 'Eine Bestellung mit Ihrer E-Mail-Adresse',
    greeting: (name) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    introConfirm:
      'Vielen Dank für Ihre Bestellung. Für diese E-Mail-Adresse wurde ein Konto mit dem bei der Bestellung gewählten Passwort angelegt. Sie können es nutzen, sobald Sie mit dem Link unten bestätigen, dass diese Adresse Ihnen gehört.',
    introExisting:
      'Mit dieser E-Mail-Adresse, zu der es schon ein Konto gibt, wurde ein Abonnement bestellt. Sobald es bezahlt ist, liegt es in Ihrem Konto. Ihr Passwort wurde nicht geändert; melden Sie sich damit oder mit dem Link unten an.',
    confirm: 'E-Mail-Adresse bestätigen und anmelden',
    signIn: 'Anmelden',
    validFor: (hours) => `Der Link funktioniert einmal, ${hours} Stunden lang.`,
    notYou: 'Sie haben nichts bestellt? Dann folgen Sie dem Link nicht: mit Ihrer Adresse geschieht nichts.',
    closing: 'Mit freundlichen Grüßen',
  },
  fr: {
    subjectConfirm: 'Confirmez votre adresse e-mail',
    subjectExisting: 'Une commande avec votre adresse e-mail',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    introConfirm:
      'Merci pour votre commande. Un compte a été créé pour cette adresse e-mail avec le mot de passe choisi lors de la commande. Vous pourrez l’utiliser dès que vous aurez confirmé, avec le lien ci-dessous, que cette adresse est la vôtre.',
    introExisting:
      'Un abonnement a été commandé avec cette adresse e-mail, qui a déjà un compte. Une fois payé, il sera sur votre compte. Votre mot de passe n’a pas changé ; connectez-vous avec lui ou avec le lien ci-dessous.',
    confirm: 'Confirmer votre adresse e-mail et vous connecter',
    signIn: 'Se connecter',
    validFor: (hours) => `Le lien fonctionne une fois, pendant ${hours} heures.`,
    notYou: 'Vous n’avez rien commandé ? Alors ne suivez pas le lien : rien ne sera fait avec votre adresse.',
    closing: 'Cordialement,',
  },
};
