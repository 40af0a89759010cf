/** The wording of the mails of a shopper's own account actions (client-account-mail.ts), one entry per shop language. */
import type { Language } from '#domain/languages.ts';

export interface ClientAccountMailTexts {
  /** A new account: follow the link to confirm the address; the account works from then on. */
  signUp: { subject: string; intro: string; action: string };
  /** Someone signed up with an address that has an account already: nothing changed; sign in or set a new password. */
  existing: { subject: string; intro: string; action: string };
  /** "Forgot password": a link that signs in and sets a new password. */
  reset: { subject: string; intro: string; action: string };
  greeting: (name: string) => string;
  validFor: (hours: number) => string;
  notYou: string;
  closing: string;
}

export const CLIENT_ACCOUNT_MAIL_TEXTS: Record<Language, ClientAccountMailTexts> = {
  en: {
    signUp: {
      subject: 'Confirm your e-mail address',
      intro: 'Thank you for making an account. It works once you confirm that this e-mail address is yours with the link below.',
      action: 'Confirm your e-mail address and sign in',
    },
    existing: {
      subject: 'You already have an account',
      intro:
        'Someone tried to make an account with this e-mail address, which already has one. Nothing was changed. Sign in with your password, or choose a new one with the link below.',
      action: 'Choose a new password',
    },
    reset: {
      subject: 'Your sign-in link',
      intro: 'You asked for a new password. Choose one with the link below; it signs you in.',
      action: 'Choose a new password',
    },
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    validFor: (hours) => `The link works once, for ${hours} hours.`,
    notYou: 'Did you not ask for this? Then ignore this mail: nothing will be done with your address.',
    closing: 'Kind regards,',
  },
  nl: {
    signUp: {
      subject: 'Bevestig je e-mailadres',
      intro: 'Bedankt voor het maken van een account. Het werkt zodra je met de link hieronder bevestigt dat dit e-mailadres van jou is.',
      action: 'Bevestig je e-mailadres en log in',
    },
    existing: {
      subject: 'Je hebt al een account',
      intro:
        'Iemand probeerde een account te maken met dit e-mailadres, dat er al een heeft. Er is niets veranderd. Log in met je wachtwoord of kies een nieuw wachtwoord met de link hieronder.',
      action: 'Kies een nieuw wachtwoord',
    },
    reset: {
      subject: 'Je inloglink',
      intro: 'Je vroeg om een nieuw wachtwoord. Kies er een met de link hieronder; die logt je ook in.',
      action: 'Kies een nieuw wachtwoord',
    },
    greeting: (name) => (name ? `Beste ${name},` : 'Hallo,'),
    validFor: (hours) => `De link werkt één keer, ${hours} uur lang.`,
    notYou: 'Heb je hier niet om gevraagd? Negeer dan deze mail: er wordt niets met je adres gedaan.',
    closing: 'Met vriendelijke groet,',
  },
  es: {
    signUp: {
      subject: 'Confirma tu dirección de correo',
      intro: 'Gracias por crear una cuenta. Funcionará en cuanto confirmes con el enlace de abajo que esta dirección es tuya.',
      action: 'Confirma tu dirección e inicia sesión',
    },
    existing: {
      subject: 'Ya tienes una cuenta',
      intro:
        'Alguien intentó crear una cuenta con esta dirección de correo, que ya tiene una. No se ha cambiado nada. Inicia sesión con tu contraseña o elige una nueva con el enlace de abajo.',
      action: 'Elige una contraseña nueva',
    },
    reset: {
      subject: 'Tu enlace de inicio de sesión',
      intro: 'Pediste una contraseña nueva. Elígela con el enlace de abajo; también inicia tu sesión.',
      action: 'Elige una contraseña nueva',
    },
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    validFor: (hours) => `El enlace funciona una vez, durante ${hours} horas.`,
    notYou: '¿No lo has pedido tú? Ignora este correo: no se hará nada con tu dirección.',
    closing: 'Saludos cordiales,',
  },
  de: {
    signUp: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      intro: 'Danke, dass Sie ein Konto angelegt haben. Es funktioniert, sobald Sie mit dem Link unten bestätigen, dass diese E-Mail-Adresse Ihnen gehört.',
      action: 'E-Mail-Adresse bestätigen und anmelden',
    },
    existing: {
      subject: 'Sie haben bereits ein Konto',
      intro:
        'Jemand wollte mit dieser E-Mail-Adresse ein Konto anlegen, für die es schon eines gibt. Es wurde nichts geändert. Melden Sie sich mit Ihrem Passwort an oder wählen Sie mit dem Link unten ein neues.',
      action: 'Neues Passwort wählen',
    },
    reset: {
      subject: 'Ihr Anmeldelink',
      intro: 'Sie haben ein neues Passwort angefordert. Wählen Sie es mit dem Link unten; er meldet Sie auch an.',
      action: 'Neues Passwort wählen',
    },
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    validFor: (hours) => `Der Link funktioniert einmal, ${hours} Stunden lang.`,
    notYou: 'Haben Sie das nicht angefordert? Dann ignorieren Sie diese E-Mail: mit Ihrer Adresse geschieht nichts.',
    closing: 'Mit freundlichen Grüßen',
  },
  fr: {
    signUp: {
      subject: 'Confirmez votre adresse e-mail',
      intro: "Merci d'avoir créé un compte. Il fonctionnera dès que vous aurez confirmé avec le lien ci-dessous que cette adresse est la vôtre.",
      action: 'Confirmer votre adresse et vous connecter',
    },
    existing: {
      subject: 'Vous avez déjà un compte',
      intro:
        "Quelqu'un a voulu créer un compte avec cette adresse e-mail, qui en a déjà un. Rien n'a été modifié. Connectez-vous avec votre mot de passe ou choisissez-en un nouveau avec le lien ci-dessous.",
      action: 'Choisir un nouveau mot de passe',
    },
    reset: {
      subject: 'Votre lien de connexion',
      intro: 'Vous avez demandé un nouveau mot de passe. Choisissez-le avec le lien ci-dessous ; il vous connecte aussi.',
      action: 'Choisir un nouveau mot de passe',
    },
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    validFor: (hours) => `Le lien fonctionne une fois, pendant ${hours} heures.`,
    notYou: "Vous n'avez rien demandé ? Ignorez alors ce message : rien ne sera fait avec votre adresse.",
    closing: 'Bien cordialement,',
  },
};
