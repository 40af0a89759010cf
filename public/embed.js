/*
 * The shop on the organisation's own site (docs/embedding.md): one script tag
 *   <script src="https://shop.example/embed.js" async></script>
 * and, where the shop goes, <div data-shop-product="3"></div> (or data-shop-category="1",
 * data-shop-calendar) for a frame in the page, or <button data-shop-open data-shop-product="3">…</button>
 * for the shop in an overlay. Nothing loads until used: a frame when its place comes near the
 * screen, an overlay when its button is pressed. Messages are taken from the shop's origin only;
 * the shop sends them to this site's origin only, once FRAME_ANCESTORS allows it.
 */
/* global document, location, history, addEventListener, IntersectionObserver */
(() => {
  const script = document.currentScript;
  if (!script) return;
  const shop = new URL(script.src).origin;
  const here = location.origin;
  const PAID = 'shop-embed-paid';
  const CLOSE = { en: 'Close', nl: 'Sluiten', es: 'Cerrar', de: 'Schließen', fr: 'Fermer' };
  // What a site that may not embed the shop shows instead of a frame (no page of the shop may be framed there).
  const REFUSED = {
    en: ['This shop cannot be shown here.', 'Open the shop in a new window'],
    nl: ['Deze winkel kan hier niet getoond worden.', 'Open de winkel in een nieuw venster'],
    es: ['Esta tienda no se puede mostrar aquí.', 'Abrir la tienda en una ventana nueva'],
    de: ['Dieser Shop kann hier nicht angezeigt werden.', 'Den Shop in einem neuen Fenster öffnen'],
    fr: ['Cette boutique ne peut pas être affichée ici.', 'Ouvrir la boutique dans une nouvelle fenêtre'],
  };
  const frames = [];
  let allowed;
  // Whether this site may embed the shop (GET /api/embed); a site that may not says so instead of a frame.
  const check = () =>
    (allowed ??= fetch(`${shop}/api/embed`)
      .then((answer) => answer.json())
      .then((settings) => settings.origins.includes(here))
      .catch(() => false));
  const language = (element) => (element.dataset.shopLang || document.documentElement.lang || '').slice(0, 2);
  const routeOf = ({ dataset }) =>
    dataset.shopProduct
      ? `/product/${encodeURIComponent(dataset.shopProduct)}/shop`
      : dataset.shopCategory
        ? `/category/${encodeURIComponent(dataset.shopCategory)}/shop`
        : dataset.shopCalendar !== undefined
          ? '/calendar'
          : '/';
  const elements = () => [...document.querySelectorAll('[data-shop-product],[data-shop-category],[data-shop-calendar],[data-shop-open]')];

  function refuse(element, box) {
    const [text, open] = REFUSED[language(element)] || REFUSED.en;
    const note = document.createElement('p');
    const link = document.createElement('a');
    note.setAttribute('role', 'note');
    note.style.cssText = 'padding:1rem;border:2px solid #b45309;border-radius:.5rem';
    link.href = `${shop}/`;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = open;
    note.append(`${text} `, link);
    box.append(note);
  }

  async function mount(element, box, route, close) {
    if (!(await check())) return refuse(element, box);
    const frame = document.createElement('iframe');
    frame.title = element.dataset.shopTitle || element.textContent.trim() || document.title;
    frame.style.cssText = `display:block;width:100%;border:0;height:${Number(element.dataset.shopHeight) || 480}px`;
    const query = new URLSearchParams({ embed: '1', host: here, lang: language(element) });
    frame.src = `${shop}${route}?${query}`;
    box.append(frame);
    frames.push({ frame, element, close });
    return frame;
  }

  function overlay(element, route) {
    const dialog = document.createElement('dialog');
    dialog.setAttribute('aria-label', element.dataset.shopTitle || element.textContent.trim());
    dialog.style.cssText = 'width:min(60rem,calc(100vw - 2rem));max-height:calc(100vh - 2rem);padding:0;border:0;border-radius:.5rem;overflow:auto';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = '×';
    button.setAttribute('aria-label', CLOSE[language(element)] || CLOSE.en);
    button.style.cssText = 'position:sticky;top:0;float:right;z-index:1;font-size:1.5rem;min-width:2.75rem;min-height:2.75rem';
    const close = () => dialog.close();
    button.onclick = close;
    dialog.addEventListener('close', () => {
      frames.splice(frames.findIndex((entry) => entry.close === close) >>> 0, 1);
      dialog.remove();
      element.focus();
    });
    dialog.append(button);
    document.body.append(dialog);
    // Focus moves in (the close button); Escape closes (the dialog's own, or the frame's message); focus returns to the button.
    dialog.showModal();
    return mount(element, dialog, route, close);
  }

  addEventListener('message', (event) => {
    if (event.origin !== shop) return;
    const entry = frames.find(({ frame }) => frame.contentWindow === event.source);
    const message = event.data || {};
    if (!entry) return;
    if (message.type === 'shop:height' && message.height > 0) entry.frame.style.height = `${Math.ceil(message.height)}px`;
    if (message.type === 'shop:close' && entry.close) entry.close();
    if (message.type === 'shop:pay' && typeof message.payment === 'string') {
      // The provider's page never opens in the frame: this window goes to the shop's /embed/pay, which
      // sends the shopper back here (#shop-return=<order>) to see the order in the same place.
      sessionStorage.setItem(PAID, String(elements().indexOf(entry.element)));
      const back = encodeURIComponent(location.href.split('#')[0]);
      location.assign(`${shop}/embed/pay/${encodeURIComponent(message.payment)}?back=${back}&lang=${language(entry.element)}`);
    }
  });

  const returned = /#shop-return=([^&]+)/.exec(location.hash);
  const paidAt = returned ? Number(sessionStorage.getItem(PAID)) : -1;
  if (returned) {
    sessionStorage.removeItem(PAID);
    history.replaceState(null, '', location.href.split('#')[0]);
  }
  const visible = new IntersectionObserver(
    (entries) =>
      entries.forEach(({ isIntersecting, target }) => {
        if (!isIntersecting) return;
        visible.unobserve(target);
        mount(target, target, routeOf(target));
      }),
    { rootMargin: '200px' },
  );
  elements().forEach((element, index) => {
    const back = index === paidAt && `/checkout/return/${returned[1]}`;
    if (element.dataset.shopOpen !== undefined) {
      element.addEventListener('click', () => overlay(element, routeOf(element)));
      if (back) overlay(element, back);
    } else if (back) {
      mount(element, element, back).then(() => element.scrollIntoView());
    } else visible.observe(element);
  });
})();
