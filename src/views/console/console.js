// The console's one script, served from /panel/consola.js (CSP: script-src 'self', nothing inline, no eval).
// Every page works without it: it only adds to what the server-rendered forms already do. In the review inbox it
// sends decisions without reloading (a few hundred bytes each), moves with the keyboard and releases a held batch
// when the leader leaves.
(() => {
  document.documentElement.classList.add('js');
  const form = document.getElementById('decidir');
  if (!form) return;

  const status = document.createElement('p');
  status.className = 'js-status';
  status.setAttribute('role', 'status');
  form.append(status);
  const say = (text) => {
    status.textContent = text;
  };

  const cards = () => Array.from(document.querySelectorAll('li.inbox-card'));
  const token = () => form.querySelector('input[name="_csrf"]').value;
  const back = () => form.querySelector('input[name="volver"]').value;
  let current = null;

  const setCurrent = (card) => {
    if (current) current.classList.remove('current');
    current = card || null;
    if (!current) return;
    current.classList.add('current');
    current.scrollIntoView({ block: 'nearest' });
    const link = current.querySelector('h2 a');
    if (link) link.focus({ preventScroll: true });
  };

  const countSelected = () => {
    const n = document.querySelectorAll('input[name="seleccion"]:checked').length;
    form.dataset.selected = String(n);
    const label = form.querySelector('.selected-count');
    if (label) label.textContent = n === 1 ? '1 seleccionada' : `${n} seleccionadas`;
  };

  /** Posts a form-encoded body and reads the JSON answer; any other answer is a failure in words. */
  const post = async (url, fields) => {
    const body = new URLSearchParams(fields);
    body.set('_csrf', token());
    try {
      const res = await fetch(url, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
      const data = await res.json().catch(() => null);
      if (data) return data;
      return { ok: false, message: `No se pudo (${res.status}). Recargue la página.` };
    } catch {
      return {
        ok: false,
        message: 'Sin conexión: no sabemos si la decisión llegó. Recargue la página para ver cómo quedó.',
      };
    }
  };

  const after = (card) => {
    const all = cards();
    const i = all.indexOf(card);
    return all[i + 1] || all[i - 1] || null;
  };

  const removeCard = (card) => {
    const next = after(card);
    card.remove();
    setCurrent(next);
    countSelected();
    if (cards().length === 0) {
      say(`${status.textContent} No quedan tarjetas en esta página: cargando las siguientes…`);
      window.location.assign(window.location.pathname + (back() ? `?${back()}` : ''));
    }
  };

  /** Its likely duplicates still on the page can now be joined to the card just published. */
  const offerJoin = (published) => {
    const title = published.querySelector('h2 a').textContent;
    for (const card of cards()) {
      const dups = (card.dataset.dups || '').split(' ');
      if (!dups.includes(published.dataset.id) || card.dataset.type !== published.dataset.type) continue;
      const approveButton = card.querySelector('[data-decision="aprobar"]');
      const url = approveButton.formAction.replace(/\/aprobar$/, `/unir?conservar=${published.dataset.id}`);
      if (card.querySelector(`[data-decision="unir"][formaction$="${published.dataset.id}"]`)) continue;
      const join = document.createElement('button');
      join.type = 'submit';
      join.className = 'secondary';
      join.setAttribute('form', form.id);
      join.setAttribute('formaction', url);
      join.name = 'version';
      join.value = card.dataset.version;
      join.dataset.decision = 'unir';
      join.textContent = `Unir a «${title}»`;
      approveButton.after(join);
    }
  };

  /** One card's decision sent by the script: approve, or join to a published duplicate. */
  const decideCard = async (card, button) => {
    if (!button || card.dataset.busy) return;
    card.dataset.busy = '1';
    const answer = await post(button.formAction, { version: card.dataset.version, volver: back() });
    delete card.dataset.busy;
    say(answer.message || '');
    if (!answer.ok) return;
    if (button.dataset.decision === 'aprobar') offerJoin(card);
    removeCard(card);
  };

  const approve = (card) => decideCard(card, card.querySelector('[data-decision="aprobar"]'));

  const rejectForm = (card) => {
    let box = card.querySelector('.inline-reject');
    if (!box) {
      const id = `motivo-${card.dataset.id}`;
      box = document.createElement('form');
      box.className = 'inline-reject';
      const label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = 'Motivo del rechazo (solo lo ven los líderes)';
      const input = document.createElement('input');
      input.id = id;
      input.maxLength = 300;
      input.required = true;
      const send = document.createElement('button');
      send.type = 'submit';
      send.className = 'danger';
      send.textContent = 'Rechazar';
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.className = 'secondary';
      cancel.textContent = 'Cancelar';
      cancel.addEventListener('click', () => {
        box.remove();
        setCurrent(card);
      });
      box.append(label, input, send, cancel);
      box.addEventListener('submit', async (event) => {
        event.preventDefault();
        const link = card.querySelector('[data-decision="rechazar"]');
        const url = `${link.pathname}/rechazar`;
        const answer = await post(url, { version: card.dataset.version, reason: input.value, volver: back() });
        say(answer.message || '');
        if (answer.ok) removeCard(card);
        else input.focus();
      });
      card.append(box);
    }
    box.querySelector('input').focus();
  };

  // A card counts as shown once most of it has been on screen: approving what nobody looked at is refused here.
  if ('IntersectionObserver' in window) {
    const watch = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) {
            entry.target.dataset.seen = '1';
            watch.unobserve(entry.target);
          }
        }
      },
      { threshold: 0.6 },
    );
    for (const card of cards()) watch.observe(card);
  }

  const decideSelected = async (url, decision) => {
    if (decision === 'aprobar' && 'IntersectionObserver' in window) {
      const unseen = cards().filter(
        (card) => card.querySelector('input[name="seleccion"]').checked && card.dataset.seen !== '1',
      );
      if (unseen.length > 0) {
        setCurrent(unseen[0]);
        say(
          unseen.length === 1
            ? 'Falta 1 seleccionada que aún no estuvo en pantalla: revísela antes de aprobar.'
            : `Faltan ${unseen.length} seleccionadas que aún no estuvieron en pantalla: revíselas antes de aprobar.`,
        );
        return;
      }
    }
    const fields = new URLSearchParams(new FormData(form));
    const answer = await post(url, fields);
    if (!answer.ok) {
      say(answer.message || 'No se pudo.');
      return;
    }
    const skipped = new Map(answer.skipped.map((s) => [s.id, s.reason]));
    for (const id of answer.decided) {
      const card = document.getElementById(`c-${id}`);
      if (card) card.remove();
    }
    for (const [id] of skipped) {
      const card = document.getElementById(`c-${id}`);
      const box = card?.querySelector('input[name="seleccion"]');
      if (box) box.checked = false;
      if (card) card.classList.add('skipped');
    }
    const n = answer.decided.length;
    const done = decision === 'rechazar' ? (n === 1 ? 'rechazó' : 'rechazaron') : n === 1 ? 'aprobó' : 'aprobaron';
    say(
      `Se ${done} ${n}.${skipped.size > 0 ? ` Se omitieron ${skipped.size} que cambiaron o ya no estaban pendientes: están marcadas, revíselas otra vez.` : ''}`,
    );
    countSelected();
    if (cards().length === 0) window.location.assign(window.location.pathname + (back() ? `?${back()}` : ''));
    else setCurrent(cards()[0]);
  };

  form.addEventListener('submit', (event) => {
    const submitter = event.submitter;
    if (!submitter) return;
    event.preventDefault();
    if (submitter.dataset.decision === 'aprobar' || submitter.dataset.decision === 'unir') {
      decideCard(submitter.closest('li.inbox-card'), submitter);
      return;
    }
    const url = submitter.getAttribute('formaction') ? submitter.formAction : form.action;
    decideSelected(url, /rechazar-seleccionados$/.test(url) ? 'rechazar' : 'aprobar');
  });

  document.addEventListener('click', (event) => {
    const link = event.target.closest?.('a[data-decision="rechazar"]');
    if (!link) return;
    event.preventDefault();
    const card = link.closest('li.inbox-card');
    setCurrent(card);
    rejectForm(card);
  });

  document.addEventListener('change', (event) => {
    if (event.target.name === 'seleccion') countSelected();
  });

  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest('input, textarea, select, [contenteditable]')) return;
    const all = cards();
    if (all.length === 0) return;
    const i = current ? all.indexOf(current) : -1;
    const card = current || all[0];
    switch (event.key) {
      case 'j':
        setCurrent(all[Math.min(all.length - 1, i + 1)]);
        break;
      case 'k':
        setCurrent(all[Math.max(0, i - 1)]);
        break;
      case 'x': {
        setCurrent(card);
        const box = card.querySelector('input[name="seleccion"]');
        box.checked = !box.checked;
        countSelected();
        break;
      }
      case 'a':
        setCurrent(card);
        approve(card);
        break;
      case 'r':
        setCurrent(card);
        rejectForm(card);
        break;
      case 'e': {
        const link = card.querySelector('h2 a');
        const url = new URL(link.href);
        url.searchParams.set('corregir', '1');
        url.hash = 'corregir';
        window.location.assign(url.href);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  });

  // A batch this leader holds is released when the page is left for somewhere other than one of its cards.
  const release = form.dataset.soltar;
  let staying = false;
  document.addEventListener('click', (event) => {
    const link = event.target.closest?.('a[href]');
    if (link?.pathname.startsWith(window.location.pathname)) staying = true;
  });
  window.addEventListener('pagehide', () => {
    if (!release || staying) return;
    navigator.sendBeacon(release, new URLSearchParams({ _csrf: token(), beacon: '1' }));
  });

  countSelected();
  const target = window.location.hash && document.getElementById(window.location.hash.slice(1));
  if (target?.classList.contains('inbox-card')) setCurrent(target);
})();
