/** FAQ questions in the order they are shown; answers are simple HTML. */
import type { AllLanguages } from './all-languages.ts';

export interface FaqText {
  question: string;
  answer: string;
}

export const FAQ_TEXTS: AllLanguages<FaqText>[] = [
  {
    en: {
      question: 'When are you open?',
      answer:
        '<p>The zoo is open every day from 9:00 to 18:00. The aquarium admits visitors from 10:00 until 17:00. See our opening hours page for holidays.</p>',
    },
    nl: {
      question: 'Wanneer zijn jullie open?',
      answer:
        '<p>De dierentuin is elke dag open van 9.00 tot 18.00 uur. Het aquarium laat bezoekers binnen van 10.00 tot 17.00 uur. Kijk voor feestdagen op onze pagina met openingstijden.</p>',
    },
    es: {
      question: '¿Cuál es vuestro horario?',
      answer:
        '<p>El zoo abre todos los días de 9:00 a 18:00. El acuario admite visitantes de 10:00 a 17:00. Consulta nuestra página de horarios para los días festivos.</p>',
    },
    de: {
      question: 'Wann haben Sie geöffnet?',
      answer:
        '<p>Der Zoo ist täglich von 9 bis 18 Uhr geöffnet. Das Aquarium lässt Besucher von 10 bis 17 Uhr ein. Die Zeiten an Feiertagen finden Sie auf unserer Seite mit den Öffnungszeiten.</p>',
    },
    fr: {
      question: 'Quels sont vos horaires ?',
      answer:
        '<p>Le zoo est ouvert tous les jours de 9 h à 18 h. L’aquarium accueille les visiteurs de 10 h à 17 h. Consultez notre page des horaires pour les jours fériés.</p>',
    },
  },
  {
    en: {
      question: 'Do I need to choose a time slot?',
      answer:
        '<p>For the aquarium, yes: choose the hour in which you will arrive. Once inside you can stay as long as you like. The zoo day ticket is valid all day.</p>',
    },
    nl: {
      question: 'Moet ik een tijdslot kiezen?',
      answer:
        '<p>Voor het aquarium wel: kies het uur waarin je aankomt. Eenmaal binnen mag je zo lang blijven als je wilt. De dagkaart voor de dierentuin is de hele dag geldig.</p>',
    },
    es: {
      question: '¿Tengo que elegir una franja horaria?',
      answer:
        '<p>Para el acuario, sí: elige la hora a la que llegarás. Una vez dentro puedes quedarte todo el tiempo que quieras. La entrada de día al zoo es válida todo el día.</p>',
    },
    de: {
      question: 'Muss ich ein Zeitfenster wählen?',
      answer:
        '<p>Für das Aquarium ja: Wählen Sie die Stunde, in der Sie ankommen. Drinnen bleiben Sie, so lange Sie möchten. Die Zoo-Tageskarte gilt den ganzen Tag.</p>',
    },
    fr: {
      question: 'Dois-je choisir un créneau horaire ?',
      answer:
        '<p>Pour l’aquarium, oui : choisissez l’heure de votre arrivée. Une fois à l’intérieur, restez aussi longtemps que vous le souhaitez. Le billet journée du zoo est valable toute la journée.</p>',
    },
  },
  {
    en: {
      question: 'Do children need a ticket?',
      answer:
        '<ul><li>Under 4: free, no ticket needed.</li><li>4 to 12: a child ticket, always together with an adult or senior.</li><li>13 and over: an adult ticket.</li></ul>',
    },
    nl: {
      question: 'Hebben kinderen een ticket nodig?',
      answer:
        '<ul><li>Onder de 4: gratis, geen ticket nodig.</li><li>4 tot en met 12 jaar: een kinderticket, altijd samen met een volwassene of senior.</li><li>Vanaf 13 jaar: een volwassenenticket.</li></ul>',
    },
    es: {
      question: '¿Los niños necesitan entrada?',
      answer:
        '<ul><li>Menores de 4 años: gratis, sin entrada.</li><li>De 4 a 12 años: entrada infantil, siempre con un adulto o un mayor.</li><li>A partir de 13 años: entrada de adulto.</li></ul>',
    },
    de: {
      question: 'Brauchen Kinder ein Ticket?',
      answer:
        '<ul><li>Unter 4 Jahren: kostenlos, kein Ticket nötig.</li><li>4 bis 12 Jahre: ein Kinderticket, immer zusammen mit einem Erwachsenen oder Senior.</li><li>Ab 13 Jahren: ein Erwachsenenticket.</li></ul>',
    },
    fr: {
      question: 'Les enfants ont-ils besoin d’un billet ?',
      answer:
        '<ul><li>Moins de 4 ans : gratuit, sans billet.</li><li>De 4 à 12 ans : un billet enfant, toujours avec un adulte ou un senior.</li><li>À partir de 13 ans : un billet adulte.</li></ul>',
    },
  },
  {
    en: {
      question: 'Can I change the date of my visit?',
      answer:
        '<p>Yes. Follow the rebooking link in your confirmation e-mail and pick a new date and time. Rebooking costs <strong>€2.50</strong> per booking.</p>',
    },
    nl: {
      question: 'Kan ik de datum van mijn bezoek wijzigen?',
      answer: '<p>Ja. Volg de omboekingslink in je bevestigingsmail en kies een nieuwe datum en tijd. Omboeken kost <strong>€ 2,50</strong> per boeking.</p>',
    },
    es: {
      question: '¿Puedo cambiar la fecha de mi visita?',
      answer:
        '<p>Sí. Sigue el enlace de cambio de reserva de tu correo de confirmación y elige una nueva fecha y hora. El cambio cuesta <strong>2,50 €</strong> por reserva.</p>',
    },
    de: {
      question: 'Kann ich das Datum meines Besuchs ändern?',
      answer:
        '<p>Ja. Folgen Sie dem Umbuchungslink in Ihrer Bestätigungs-E-Mail und wählen Sie ein neues Datum und eine neue Uhrzeit. Eine Umbuchung kostet <strong>2,50 €</strong> pro Buchung.</p>',
    },
    fr: {
      question: 'Puis-je changer la date de ma visite ?',
      answer:
        '<p>Oui. Suivez le lien de modification de votre e-mail de confirmation et choisissez une nouvelle date et un nouvel horaire. La modification coûte <strong>2,50 €</strong> par réservation.</p>',
    },
  },
  {
    en: {
      question: 'Can I get a refund?',
      answer:
        '<p>Tickets can be refunded up to 24 hours before your visit. Send us a refund request with your order number and we will reply within three working days.</p>',
    },
    nl: {
      question: 'Kan ik mijn geld terugkrijgen?',
      answer:
        '<p>Tickets kunnen tot 24 uur voor je bezoek worden terugbetaald. Stuur ons een terugbetalingsverzoek met je ordernummer; we reageren binnen drie werkdagen.</p>',
    },
    es: {
      question: '¿Puedo obtener un reembolso?',
      answer:
        '<p>Las entradas se pueden reembolsar hasta 24 horas antes de la visita. Envíanos una solicitud de reembolso con tu número de pedido y te responderemos en un plazo de tres días laborables.</p>',
    },
    de: {
      question: 'Kann ich mein Geld zurückbekommen?',
      answer:
        '<p>Tickets können bis 24 Stunden vor Ihrem Besuch erstattet werden. Senden Sie uns einen Erstattungsantrag mit Ihrer Bestellnummer; wir antworten innerhalb von drei Werktagen.</p>',
    },
    fr: {
      question: 'Puis-je être remboursé ?',
      answer:
        '<p>Les billets sont remboursables jusqu’à 24 heures avant votre visite. Envoyez-nous une demande de remboursement avec votre numéro de commande : nous répondons sous trois jours ouvrés.</p>',
    },
  },
  {
    en: {
      question: 'Can I visit with a wheelchair or pushchair?',
      answer: '<p>Yes. All paths and the aquarium are step-free, and you can borrow a wheelchair free of charge at the entrance.</p>',
    },
    nl: {
      question: 'Kan ik langskomen met een rolstoel of kinderwagen?',
      answer: '<p>Ja. Alle paden en het aquarium zijn drempelvrij, en bij de ingang kun je gratis een rolstoel lenen.</p>',
    },
    es: {
      question: '¿Puedo ir en silla de ruedas o con carrito?',
      answer: '<p>Sí. Todos los caminos y el acuario son accesibles sin escalones, y en la entrada puedes pedir prestada una silla de ruedas gratis.</p>',
    },
    de: {
      question: 'Kann ich mit Rollstuhl oder Kinderwagen kommen?',
      answer: '<p>Ja. Alle Wege und das Aquarium sind stufenlos, und am Eingang können Sie kostenlos einen Rollstuhl ausleihen.</p>',
    },
    fr: {
      question: 'Puis-je venir en fauteuil roulant ou avec une poussette ?',
      answer: '<p>Oui. Toutes les allées et l’aquarium sont de plain-pied, et vous pouvez emprunter gratuitement un fauteuil roulant à l’entrée.</p>',
    },
  },
  {
    en: {
      question: 'Can I bring my dog?',
      answer: '<p>Only assistance dogs are welcome, because many of our animals see dogs as predators.</p>',
    },
    nl: {
      question: 'Mag mijn hond mee?',
      answer: '<p>Alleen hulphonden zijn welkom, omdat veel van onze dieren honden als roofdier zien.</p>',
    },
    es: {
      question: '¿Puedo traer a mi perro?',
      answer: '<p>Solo se admiten perros de asistencia, porque muchos de nuestros animales ven a los perros como depredadores.</p>',
    },
    de: {
      question: 'Darf ich meinen Hund mitbringen?',
      answer: '<p>Nur Assistenzhunde sind willkommen, da viele unserer Tiere Hunde als Raubtiere wahrnehmen.</p>',
    },
    fr: {
      question: 'Puis-je venir avec mon chien ?',
      answer: '<p>Seuls les chiens d’assistance sont admis, car beaucoup de nos animaux voient les chiens comme des prédateurs.</p>',
    },
  },
];
