/** The wording of the ticket documents (the PDF, the wallet passes), one entry per shop language. */
import type { Language } from '#domain/languages.ts';

export interface TicketTexts {
  /** The document's title (PDF metadata, the pass's description). */
  title: string;
  ticketOf: (position: number, of: number) => string;
  when: string;
  allDay: string;
  audience: string;
  holder: string;
  orderNumber: string;
  /** Under the QR code. */
  instructions: string;
  /** The PDF's file name, without extension. */
  fileName: (orderNumber: number) => string;
}

export const TICKET_TEXTS: Record<Language, TicketTexts> = {
  en: {
    title: 'E-ticket',
    ticketOf: (position, of) => `Ticket ${position} of ${of}`,
    when: 'Date and time',
    allDay: 'All day',
    audience: 'Ticket type',
    holder: 'Name',
    orderNumber: 'Order number',
    instructions: 'Show this QR code at the entrance, printed or on your phone. It admits one person once.',
    fileName: (number) => `tickets-${number}`,
  },
  nl: {
    title: 'E-ticket',
    ticketOf: (position, of) => `Ticket ${position} van ${of}`,
    when: 'Datum en tijd',
    allDay: 'Hele dag',
    audience: 'Soort ticket',
    holder: 'Naam',
    orderNumber: 'Bestelnummer',
    instructions: 'Laat deze QR-code bij de ingang zien, geprint of op je telefoon. Hij geeft één persoon één keer toegang.',
    fileName: (number) => `tickets-${number}`,
  },
  es: {
    title: 'Entrada electrónica',
    ticketOf: (position, of) => `Entrada ${position} de ${of}`,
    when: 'Fecha y hora',
    allDay: 'Todo el día',
    audience: 'Tipo de entrada',
    holder: 'Nombre',
    orderNumber: 'Número de pedido',
    instructions: 'Muestra este código QR en la entrada, impreso o en tu móvil. Da acceso a una persona una vez.',
    fileName: (number) => `entradas-${number}`,
  },
  de: {
    title: 'E-Ticket',
    ticketOf: (position, of) => `Ticket ${position} von ${of}`,
    when: 'Datum und Uhrzeit',
    allDay: 'Ganztägig',
    audience: 'Ticketart',
    holder: 'Name',
    orderNumber: 'Bestellnummer',
    instructions: 'Zeigen Sie diesen QR-Code am Eingang vor, ausgedruckt oder auf dem Handy. Er gilt für einen Einlass einer Person.',
    fileName: (number) => `tickets-${number}`,
  },
  fr: {
    title: 'Billet électronique',
    ticketOf: (position, of) => `Billet ${position} sur ${of}`,
    when: 'Date et heure',
    allDay: 'Toute la journée',
    audience: 'Type de billet',
    holder: 'Nom',
    orderNumber: 'Numéro de commande',
    instructions: 'Présentez ce code QR à l’entrée, imprimé ou sur votre téléphone. Il donne accès une fois à une personne.',
    fileName: (number) => `billets-${number}`,
  },
};
