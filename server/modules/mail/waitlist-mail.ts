/**
 * The waiting-list offer: places came back on a slot the recipient waits for, held for them until
 * a deadline, with the single-use link that opens the product flow on that slot. In the entry's
 * language, through the outbox, in the transaction that holds the places. The product by its name,
 * the slot and the hold's end in words as every other mail writes them (src/domain/date-text.ts).
 */
import { formatMoment, formatVisit } from '#domain/date-text.ts';
import type { Language } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { renderLinkMail, type LinkMailWords } from './link-mail.ts';
import { enqueueMail } from './outbox.repo.ts';

export interface WaitlistOfferMail {
  language: Language;
  recipient: string;
  shopName: string;
  productName: string;
  /** The slot: its day (YYYY-MM-DD, the shop's) and times (HH:MM, null for a whole day). */
  date: string;
  start: string | null;
  end: string | null;
  quantity: number;
  /** When the held places go to the next entry. */
  holdEnds: Date;
  /** The shop's timezone, in which the hold's end is written. */
  timezone: string;
  link: string;
}

/** The mail with its slot and the hold's end already in words of its language. */
type Worded = WaitlistOfferMail & { slot: string; until: string };
type Words = (mail: Worded) => LinkMailWords;

const places = (language: Language, count: number) => {
  const one: Record<Language, string> = { en: 'place', nl: 'plaats', es: 'plaza', de: 'Platz', fr: 'place' };
  const many: Record<Language, string> = { en: 'places', nl: 'plaatsen', es: 'plazas', de: 'Plätze', fr: 'places' };
  return `${count} ${new Intl.PluralRules(language).select(count) === 'one' ? one[language] : many[language]}`;
};

const WORDS: Record<Language, Words> = {
  en: (m) => ({
    subject: 'Places came back for you',
    greeting: 'Hello,',
    intro: `${places('en', m.quantity)} for ${m.productName} on ${m.slot} came back, and we hold them for you.`,
    action: 'Book the places held for you',
    validFor: `We hold them for you until ${m.until}; after that they go to the next person waiting. The link works once.`,
    notYou: 'Did you not join this waiting list? Then you can ignore this mail.',
    closing: 'Kind regards,',
  }),
  nl: (m) => ({
    subject: 'Er zijn plaatsen vrijgekomen',
    greeting: 'Hallo,',
    intro: `${places('nl', m.quantity)} voor ${m.productName} op ${m.slot} zijn vrijgekomen en we houden ze voor je vast.`,
    action: 'Boek de plaatsen die we voor je vasthouden',
    validFor: `We houden ze voor je vast tot ${m.until}; daarna gaan ze naar de volgende op de wachtlijst. De link werkt één keer.`,
    notYou: 'Heb je je niet op deze wachtlijst gezet? Dan kun je deze mail negeren.',
    closing: 'Met vriendelijke groet,',
  }),
  es: (m) => ({
    subject: 'Han quedado plazas libres para ti',
    greeting: 'Hola:',
    intro: `Han quedado libres ${places('es', m.quantity)} para ${m.productName} el ${m.slot} y te las reservamos.`,
    action: 'Reserva las plazas que te guardamos',
    validFor: `Te las guardamos hasta el ${m.until}; después pasan a la siguiente persona en espera. El enlace sirve una sola vez.`,
    notYou: '¿No te apuntaste a esta lista de espera? Puedes ignorar este correo.',
    closing: 'Saludos cordiales,',
  }),
  de: (m) => ({
    subject: 'Für Sie sind Plätze frei geworden',
    greeting: 'Hallo,',
    intro: `${places('de', m.quantity)} für ${m.productName} am ${m.slot} sind frei geworden; wir halten sie für Sie.`,
    action: 'Die für Sie gehaltenen Plätze buchen',
    validFor: `Wir halten sie für Sie bis ${m.until}; danach gehen sie an die nächste wartende Person. Der Link gilt einmal.`,
    notYou: 'Sie haben sich nicht auf diese Warteliste gesetzt? Dann ignorieren Sie diese Mail.',
    closing: 'Mit freundlichen Grüßen',
  }),
  fr: (m) => ({
    subject: 'Des places se sont libérées pour vous',
    greeting: 'Bonjour,',
    intro: `${places('fr', m.quantity)} pour ${m.productName} le ${m.slot} se sont libérées, et nous vous les réservons.`,
    action: 'Réserver les places gardées pour vous',
    validFor: `Nous vous les gardons jusqu’au ${m.until} ; ensuite elles passent à la personne suivante. Le lien ne sert qu’une fois.`,
    notYou: 'Vous ne vous êtes pas inscrit à cette liste d’attente ? Ignorez ce message.',
    closing: 'Cordialement,',
  }),
};

export function renderWaitlistOffer(mail: WaitlistOfferMail) {
  const slot = formatVisit(mail.date, { start: mail.start, end: mail.end }, mail.language);
  const until = formatMoment(mail.holdEnds, mail.language, mail.timezone);
  return renderLinkMail(mail.language, WORDS[mail.language]({ ...mail, slot, until }), mail.link, mail.shopName);
}

export async function enqueueWaitlistOffer(executor: Executor, mail: WaitlistOfferMail): Promise<void> {
  await enqueueMail(executor, { kind: 'waitlist-offer', recipient: mail.recipient, ...renderWaitlistOffer(mail) });
}
