// Several pending questions form a queue: one dialog at a time (as a platform presents one alert
// at a time), the oldest first; the others are listed on the page, and the dialog's caption says
// how many more wait. A shown dialog never changes: presentations are immutable snapshots.
const state = {
  pending: new Map(),  // id → { p, seenAt }
  closed: new Set(),   // ids known to be resolved: never shown again, whatever a late snapshot says
  shown: null,         // { id, p, dialog } on screen
  answering: null,     // { id, action } while our POST is in flight
  early: null,         // a resolution of that question that came by event meanwhile
  nextAt: 0,           // the next dialog waits until then, so a notice can be read
  live: "connecting",
  lastSnapshot: 0,
};

function queue() {
  return [...state.pending.values()].map((entry) => entry.p).sort((a, b) =>
    String(a.createdAt).localeCompare(String(b.createdAt)) || (a.sequence || 0) - (b.sequence || 0)
    || String(a.id).localeCompare(String(b.id)));
}

function addPending(p) {
  if (!p || typeof p.id !== "string" || state.closed.has(p.id) || state.pending.has(p.id)) return;
  state.pending.set(p.id, { p, seenAt: Date.now() });
  update();
}

// Takes a question off the page: its dialog closes and a notice says why (text, or from the resolution).
function closePresentation(id, resolution, tone, text) {
  const entry = state.pending.get(id);
  state.closed.add(id);
  state.pending.delete(id);
  if (entry) notice(entry.p, text || (resolution ? describe(resolution, entry.p) : ui("page.gone")), tone);
  if (state.shown && state.shown.id === id) {
    dismissShown();
    state.nextAt = Date.now() + 800;
  }
  update();
}

function resolved(resolution) {
  const id = resolution && resolution.presentation;
  if (typeof id !== "string") return;
  if (state.answering && state.answering.id === id) {
    state.early = resolution;
    return;
  }
  closePresentation(id, resolution, "lost");
}

function contextOf(p) {
  const job = jobs.byId.get(p.job);
  return `${job ? operationTitle(job.operation) : p.job} · ${age(p.createdAt)}`;
}

let updateTimer = null;
function update() {
  const items = queue();
  if (!state.shown && items.length) {
    const wait = state.nextAt - Date.now();
    if (wait > 0) {
      clearTimeout(updateTimer);
      updateTimer = setTimeout(update, wait);
    } else {
      present(items[0]);
    }
  }
  renderQueue(items);
}

function renderQueue(items) {
  $("pending-empty").hidden = items.length > 0;
  const list = $("pending-list");
  list.replaceChildren(...items.map((p) => {
    const item = el("li");
    item.dataset.presentation = p.id;
    item.append(el("span", "title", titleOf(p)));
    if (state.shown && state.shown.id === p.id) item.append(el("span", "badge", ui("page.pending.onScreen")));
    const message = messageOf(p);
    if (message) item.append(el("div", "meta", message));
    item.append(el("div", "meta", contextOf(p)));
    return item;
  }));
  if (state.shown) {
    const more = items.length - 1;
    const caption = contextOf(state.shown.p) + (more > 0 ? ` · ${ui("page.pending.more", more)}` : "");
    state.shown.dialog.querySelector(".context").textContent = caption;
  }
}

// A snapshot of every pending question: adds what the stream may have missed, and asks about
// questions that vanished from it without an event (to show who answered them).
let reconciling = false;
let reconcileAgain = false;
async function reconcile() {
  if (reconciling) { reconcileAgain = true; return; }
  reconciling = true;
  try {
    const started = Date.now();
    const items = [];
    let cursor = null;
    for (let page = 0; page < 20; page++) {
      const query = cursor == null ? "" : `?cursor=${encodeURIComponent(cursor)}`;
      const result = await request("GET", `/v1/presentations${query}`);
      if (!result.ok || !result.data || !Array.isArray(result.data.presentations)) {
        showProblem("pending-error", ui("page.questions.error", problem(result)));
        $("pending-empty").hidden = true;
        return;
      }
      items.push(...result.data.presentations);
      cursor = result.data.next;
      if (cursor == null) break;
    }
    showProblem("pending-error", null);
    state.lastSnapshot = Date.now();
    const listed = new Set(items.map((p) => p && p.id));
    for (const p of items) addPending(p);
    for (const [id, entry] of state.pending) {
      if (!listed.has(id) && entry.seenAt < started) verifyGone(id);
    }
  } finally {
    reconciling = false;
    if (reconcileAgain) { reconcileAgain = false; reconcile(); }
  }
}

async function verifyGone(id) {
  const result = await request("GET", `/v1/presentations/${encodeURIComponent(id)}`);
  if (!state.pending.has(id) || (state.answering && state.answering.id === id)) return;
  if (result.status === 404) closePresentation(id, null, "lost", ui("page.gone"));
  const resolution = result.ok && result.data ? result.data.resolution : null;
  if (resolution) closePresentation(id, resolution, "lost");
}

// Every 5 s: a snapshot when the stream is down (or every 30 s anyway), and fresh ages.
function tick() {
  if (state.live !== "live" || Date.now() - state.lastSnapshot > 30000) reconcile();
  renderQueue(queue());
}
