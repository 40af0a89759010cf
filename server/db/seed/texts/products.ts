/** Catalogue copy of the demo products. aquarium-entry is deliberately long enough to need "read more". */
import type { ProductSlug } from '../demo-keys.ts';
import type { AllLanguages } from './all-languages.ts';

export interface ProductText {
  title: string;
  description: string;
  label: string;
}

export const PRODUCT_TEXTS: Record<ProductSlug, AllLanguages<ProductText>> = {
  'aquarium-entry': {
    en: {
      title: 'Aquarium entry',
      label: 'Popular',
      description:
        '<p>Step into the blue world of the North Sea and the tropics. Walk through the <strong>ocean tunnel</strong> while rays and sharks glide over your head, and watch the jellyfish drift in their glowing tanks.</p>' +
        '<ul><li>Ocean tunnel with sharks and rays</li><li>Coral reef with more than 80 kinds of tropical fish</li><li>Touch pool with starfish and hermit crabs</li></ul>' +
        '<p>Choose the hour you will arrive; once inside, stay as long as you like. Children aged 4 to 12 visit together with an adult or senior, and children under 4 go free without a ticket.</p>',
    },
    nl: {
      title: 'Toegang aquarium',
      label: 'Populair',
      description:
        '<p>Stap in de blauwe wereld van de Noordzee en de tropen. Loop door de <strong>oceaantunnel</strong> terwijl roggen en haaien boven je hoofd glijden, en kijk hoe de kwallen zweven in hun oplichtende bassins.</p>' +
        '<ul><li>Oceaantunnel met haaien en roggen</li><li>Koraalrif met meer dan 80 soorten tropische vissen</li><li>Aaibassin met zeesterren en heremietkreeften</li></ul>' +
        '<p>Kies het uur waarop je aankomt; eenmaal binnen blijf je zo lang als je wilt. Kinderen van 4 tot en met 12 jaar komen samen met een volwassene of senior, en kinderen onder de 4 gaan gratis naar binnen zonder ticket.</p>',
    },
    es: {
      title: 'Entrada al acuario',
      label: 'Popular',
      description:
        '<p>Sumérgete en el mundo azul del mar del Norte y de los trópicos. Recorre el <strong>túnel oceánico</strong> mientras las rayas y los tiburones se deslizan sobre tu cabeza, y observa cómo flotan las medusas en sus tanques luminosos.</p>' +
        '<ul><li>Túnel oceánico con tiburones y rayas</li><li>Arrecife de coral con más de 80 especies de peces tropicales</li><li>Piscina táctil con estrellas de mar y cangrejos ermitaños</li></ul>' +
        '<p>Elige la hora de llegada; una vez dentro, quédate todo el tiempo que quieras. Los niños de 4 a 12 años entran acompañados de un adulto o de un mayor, y los menores de 4 años entran gratis sin entrada.</p>',
    },
    de: {
      title: 'Eintritt Aquarium',
      label: 'Beliebt',
      description:
        '<p>Tauchen Sie ein in die blaue Welt der Nordsee und der Tropen. Gehen Sie durch den <strong>Ozeantunnel</strong>, während Rochen und Haie über Ihren Kopf hinweggleiten, und beobachten Sie die Quallen in ihren leuchtenden Becken.</p>' +
        '<ul><li>Ozeantunnel mit Haien und Rochen</li><li>Korallenriff mit mehr als 80 tropischen Fischarten</li><li>Streichelbecken mit Seesternen und Einsiedlerkrebsen</li></ul>' +
        '<p>Wählen Sie die Stunde Ihrer Ankunft; drinnen bleiben Sie, so lange Sie möchten. Kinder von 4 bis 12 Jahren kommen in Begleitung eines Erwachsenen oder Seniors, Kinder unter 4 Jahren haben ohne Ticket freien Eintritt.</p>',
    },
    fr: {
      title: 'Entrée de l’aquarium',
      label: 'Populaire',
      description:
        '<p>Plongez dans le monde bleu de la mer du Nord et des tropiques. Traversez le <strong>tunnel océanique</strong> pendant que raies et requins glissent au-dessus de votre tête, et admirez les méduses qui dérivent dans leurs bassins lumineux.</p>' +
        '<ul><li>Tunnel océanique avec requins et raies</li><li>Récif corallien avec plus de 80 espèces de poissons tropicaux</li><li>Bassin tactile avec étoiles de mer et bernard-l’ermite</li></ul>' +
        '<p>Choisissez l’heure de votre arrivée ; une fois à l’intérieur, restez aussi longtemps que vous le souhaitez. Les enfants de 4 à 12 ans viennent accompagnés d’un adulte ou d’un senior, et les moins de 4 ans entrent gratuitement sans billet.</p>',
    },
  },
  'zoo-day-ticket': {
    en: {
      title: 'Zoo day ticket',
      label: 'Best value',
      description: '<p>A whole day among lions, giraffes and red pandas. The ticket is valid all day on the date you choose, so no time slot is needed.</p>',
    },
    nl: {
      title: 'Dagkaart dierentuin',
      label: 'Voordeligst',
      description:
        '<p>Een hele dag tussen leeuwen, giraffen en rode panda’s. Het ticket is de hele dag geldig op de datum die je kiest, dus je hoeft geen tijdslot te kiezen.</p>',
    },
    es: {
      title: 'Entrada de día al zoo',
      label: 'Mejor precio',
      description:
        '<p>Un día entero entre leones, jirafas y pandas rojos. La entrada es válida todo el día en la fecha que elijas, sin necesidad de franja horaria.</p>',
    },
    de: {
      title: 'Zoo-Tageskarte',
      label: 'Preistipp',
      description:
        '<p>Ein ganzer Tag bei Löwen, Giraffen und Roten Pandas. Das Ticket gilt den ganzen Tag am gewählten Datum – ein Zeitfenster ist nicht nötig.</p>',
    },
    fr: {
      title: 'Billet journée zoo',
      label: 'Meilleur prix',
      description:
        '<p>Une journée entière parmi les lions, les girafes et les pandas roux. Le billet est valable toute la journée à la date choisie, sans créneau horaire.</p>',
    },
  },
  'zoo-guidebook': {
    en: {
      title: 'Zoo guidebook',
      label: 'New',
      description: '<p>Our illustrated 96-page guide with a park map, animal facts and a spotting checklist for children. Collect it at the entrance.</p>',
    },
    nl: {
      title: 'Dierentuingids',
      label: 'Nieuw',
      description: '<p>Onze geïllustreerde gids van 96 pagina’s met plattegrond, dierenweetjes en een zoekkaart voor kinderen. Op te halen bij de ingang.</p>',
    },
    es: {
      title: 'Guía del zoo',
      label: 'Nuevo',
      description:
        '<p>Nuestra guía ilustrada de 96 páginas con plano del parque, curiosidades sobre los animales y una lista de búsqueda para niños. Recógela en la entrada.</p>',
    },
    de: {
      title: 'Zooführer',
      label: 'Neu',
      description: '<p>Unser illustrierter Führer mit 96 Seiten, Parkplan, Tierwissen und einer Entdeckerliste für Kinder. Abholung am Eingang.</p>',
    },
    fr: {
      title: 'Guide du zoo',
      label: 'Nouveau',
      description:
        '<p>Notre guide illustré de 96 pages avec plan du parc, anecdotes sur les animaux et une liste d’observation pour les enfants. À retirer à l’entrée.</p>',
    },
  },
  'behind-the-scenes': {
    en: {
      title: 'Behind the scenes tour',
      label: 'Limited places',
      description:
        '<p>Join a keeper for 90 minutes where visitors normally cannot go: the food kitchen, the quarantine tanks and the coral nursery.</p>' +
        '<ul><li>At most 8 guests per tour</li><li>Minimum age 12</li><li>Closed shoes required</li></ul>' +
        '<p>Book and pay now, or reserve your places and pay later.</p>',
    },
    nl: {
      title: 'Kijkje achter de schermen',
      label: 'Beperkt aantal plaatsen',
      description:
        '<p>Ga 90 minuten mee met een verzorger naar plekken waar bezoekers normaal niet komen: de voerkeuken, de quarantainebassins en de koraalkwekerij.</p>' +
        '<ul><li>Maximaal 8 gasten per rondleiding</li><li>Minimumleeftijd 12 jaar</li><li>Dichte schoenen verplicht</li></ul>' +
        '<p>Boek en betaal direct, of reserveer je plaatsen en betaal later.</p>',
    },
    es: {
      title: 'Visita entre bastidores',
      label: 'Plazas limitadas',
      description:
        '<p>Acompaña durante 90 minutos a un cuidador a lugares a los que los visitantes normalmente no pueden ir: la cocina de los animales, los tanques de cuarentena y el vivero de coral.</p>' +
        '<ul><li>Máximo 8 personas por visita</li><li>Edad mínima: 12 años</li><li>Calzado cerrado obligatorio</li></ul>' +
        '<p>Reserva y paga ahora, o reserva tus plazas y paga más tarde.</p>',
    },
    de: {
      title: 'Blick hinter die Kulissen',
      label: 'Begrenzte Plätze',
      description:
        '<p>Begleiten Sie 90 Minuten lang eine Tierpflegerin oder einen Tierpfleger dorthin, wo Besucher sonst nicht hinkommen: in die Futterküche, zu den Quarantänebecken und in die Korallenzucht.</p>' +
        '<ul><li>Höchstens 8 Gäste pro Führung</li><li>Mindestalter 12 Jahre</li><li>Geschlossene Schuhe erforderlich</li></ul>' +
        '<p>Jetzt buchen und bezahlen oder Plätze reservieren und später bezahlen.</p>',
    },
    fr: {
      title: 'Visite des coulisses',
      label: 'Places limitées',
      description:
        '<p>Suivez un soigneur pendant 90 minutes là où les visiteurs ne vont jamais : la cuisine des animaux, les bassins de quarantaine et la nurserie de coraux.</p>' +
        '<ul><li>8 participants maximum par visite</li><li>À partir de 12 ans</li><li>Chaussures fermées obligatoires</li></ul>' +
        '<p>Réservez et payez maintenant, ou réservez vos places et payez plus tard.</p>',
    },
  },
  'school-group-visit': {
    en: {
      title: 'School group visit',
      label: 'For schools',
      description:
        '<p>A morning programme for school classes: a guided lesson in the aquarium classroom, followed by a tour of the zoo.</p>' +
        '<ul><li>From 10 pupils, up to 40 per group</li><li>One teacher joins free of charge</li></ul>' +
        '<p>Reserve now and pay later by invoice.</p>',
    },
    nl: {
      title: 'Schoolbezoek',
      label: 'Voor scholen',
      description:
        '<p>Een ochtendprogramma voor schoolklassen: een begeleide les in het aquariumlokaal, gevolgd door een rondleiding door de dierentuin.</p>' +
        '<ul><li>Vanaf 10 leerlingen, maximaal 40 per groep</li><li>Eén leerkracht gaat gratis mee</li></ul>' +
        '<p>Reserveer nu en betaal later op factuur.</p>',
    },
    es: {
      title: 'Visita escolar',
      label: 'Para colegios',
      description:
        '<p>Un programa matinal para grupos escolares: una clase guiada en el aula del acuario seguida de un recorrido por el zoo.</p>' +
        '<ul><li>A partir de 10 alumnos, hasta 40 por grupo</li><li>Un profesor entra gratis</li></ul>' +
        '<p>Reserva ahora y paga después con factura.</p>',
    },
    de: {
      title: 'Klassenbesuch',
      label: 'Für Schulen',
      description:
        '<p>Ein Vormittagsprogramm für Schulklassen: eine geführte Unterrichtsstunde im Aquarium-Klassenzimmer und anschließend ein Rundgang durch den Zoo.</p>' +
        '<ul><li>Ab 10 Schülerinnen und Schülern, höchstens 40 pro Gruppe</li><li>Eine Lehrkraft kommt kostenlos mit</li></ul>' +
        '<p>Jetzt reservieren und später per Rechnung bezahlen.</p>',
    },
    fr: {
      title: 'Visite scolaire',
      label: 'Pour les écoles',
      description:
        '<p>Un programme matinal pour les classes : une leçon guidée dans la salle de classe de l’aquarium, suivie d’une visite du zoo.</p>' +
        '<ul><li>À partir de 10 élèves, jusqu’à 40 par groupe</li><li>Un enseignant entre gratuitement</li></ul>' +
        '<p>Réservez maintenant et payez plus tard sur facture.</p>',
    },
  },
  'penguin-feeding': {
    en: {
      title: 'Penguin feeding',
      label: 'Family favourite',
      description:
        '<p>Help our keepers feed the African penguin colony and learn how they swim, dive and choose a partner for life. Half an hour, twice a day.</p>',
    },
    nl: {
      title: 'Pinguïns voeren',
      label: 'Favoriet bij gezinnen',
      description:
        '<p>Help onze verzorgers de kolonie Afrikaanse pinguïns te voeren en ontdek hoe ze zwemmen, duiken en een partner voor het leven kiezen. Een halfuur, twee keer per dag.</p>',
    },
    es: {
      title: 'Alimentación de los pingüinos',
      label: 'Favorito de las familias',
      description:
        '<p>Ayuda a nuestros cuidadores a alimentar a la colonia de pingüinos africanos y descubre cómo nadan, bucean y eligen pareja para toda la vida. Media hora, dos veces al día.</p>',
    },
    de: {
      title: 'Pinguinfütterung',
      label: 'Familienliebling',
      description:
        '<p>Helfen Sie unseren Pflegern beim Füttern der Brillenpinguin-Kolonie und erfahren Sie, wie sie schwimmen, tauchen und einen Partner fürs Leben wählen. Eine halbe Stunde, zweimal täglich.</p>',
    },
    fr: {
      title: 'Nourrissage des manchots',
      label: 'Le préféré des familles',
      description:
        '<p>Aidez nos soigneurs à nourrir la colonie de manchots du Cap et découvrez comment ils nagent, plongent et choisissent un partenaire pour la vie. Une demi-heure, deux fois par jour.</p>',
    },
  },
  'night-at-the-aquarium': {
    en: {
      title: 'Night at the Aquarium',
      label: 'Adults only',
      description:
        '<p>An adults-only evening in the dimmed aquarium, with a glass of bubbles, live music and the night life of the reef. Every Friday from 19:00 to 23:00.</p>',
    },
    nl: {
      title: 'Nacht in het aquarium',
      label: 'Alleen volwassenen',
      description:
        '<p>Een avond alleen voor volwassenen in het gedimde aquarium, met een glas bubbels, livemuziek en het nachtleven van het rif. Elke vrijdag van 19.00 tot 23.00 uur.</p>',
    },
    es: {
      title: 'Noche en el acuario',
      label: 'Solo adultos',
      description:
        '<p>Una velada solo para adultos en el acuario en penumbra, con una copa de cava, música en directo y la vida nocturna del arrecife. Todos los viernes de 19:00 a 23:00.</p>',
    },
    de: {
      title: 'Nacht im Aquarium',
      label: 'Nur für Erwachsene',
      description:
        '<p>Ein Abend nur für Erwachsene im abgedunkelten Aquarium, mit einem Glas Sekt, Livemusik und dem Nachtleben des Riffs. Jeden Freitag von 19 bis 23 Uhr.</p>',
    },
    fr: {
      title: 'Nuit à l’aquarium',
      label: 'Réservé aux adultes',
      description:
        '<p>Une soirée réservée aux adultes dans l’aquarium tamisé, avec une coupe de bulles, de la musique live et la vie nocturne du récif. Tous les vendredis de 19 h à 23 h.</p>',
    },
  },
};
