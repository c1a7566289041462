// The inbox: every pending question is listed, the oldest first, and nothing opens by itself. A
// click (or Enter on a focused item) opens one as a dialog; Escape closes it without answering. A
// shown dialog never changes: presentations are immutable snapshots. The page's title counts what
// waits, and a new question raises a browser notification when the person allowed them.
const state = {
  pending: new Map(),  // id → { p, seenAt }
  closed: new Set(),   // ids known to be resolved: never shown again, whatever a late snapshot says
  shown: null,         // { id, p, dialog } on screen
  answering: null,     // { id, action } while our POST is in flight
  early: null,         // a resolution of that question that came by event meanwhile
  live: "connecting",
  lastSnapshot: 0,     // 0 until the first snapshot: the list says "Connecting…" until then
  focusedOnLoad: false, // whether focusOnLoad has put focus on the first item
  approvals: new Map(), // id → [{action, by, channel, at}]: the approvals a question has so far
};

// Approvals so far, from a snapshot, a 202 answer or a `presentation.approved` event (by its job).
function noteApprovals(id, approvals) {
  if (typeof id !== "string" || !Array.isArray(approvals)) return;
  state.approvals.set(id, approvals.filter((a) => a && typeof a.by === "string"));
  update();
}

function approvedByEvent(job, progress) {
  if (!progress || !Array.isArray(progress.approvals)) return;
  if (typeof progress.presentation === "string" && state.pending.has(progress.presentation)) {
    noteApprovals(progress.presentation, progress.approvals);
    return;
  }
  if (!job) return;
  for (const [id, entry] of state.pending) {
    if (entry.p.job === job.id) noteApprovals(id, progress.approvals);
  }
}

// "Deploy: 1 of 2 approvals (ana)" for each action of the question that needs several people.
function approvalsText(p) {
  const approvals = state.approvals.get(p.id) || [];
  const actions = Array.isArray(p.actions) ? p.actions.filter((a) => a && a.approvals > 1) : [];
  return actions.map((a) => {
    const mine = approvals.filter((x) => x.action === a.id);
    const names = mine.map((x) => x.by).join(", ");
    return ui("page.pending.approvals", labelOf(a, p), String(mine.length), String(a.approvals), names || "—");
  }).join(" · ");
}
const PAGE_TITLE = document.title;

// Who the page answers as (`GET /v1/me`): questions meant for them come first, then those for
// anyone, then those meant for others; each group oldest first.
const me = { name: null, groups: [] };

async function loadMe() {
  const result = await request("GET", "/v1/me");
  if (!result.ok || !result.data || typeof result.data.name !== "string") return result;
  me.name = result.data.name;
  me.groups = Array.isArray(result.data.groups) ? result.data.groups : [];
  update();
  return result;
}

// 0: meant for me, 1: for anyone, 2: for others.
function audienceRank(p) {
  const a = p && p.audience;
  if (!a || typeof a !== "object") return 1;
  const users = Array.isArray(a.users) ? a.users : [];
  const groups = Array.isArray(a.groups) ? a.groups : [];
  return users.includes(me.name) || groups.some((g) => me.groups.includes(g)) ? 0 : 2;
}

function audienceText(p) {
  const a = p.audience;
  return [...(Array.isArray(a.users) ? a.users : []), ...(Array.isArray(a.groups) ? a.groups.map((g) => `@${g}`) : [])].join(", ");
}

function queue() {
  return [...state.pending.values()].map((entry) => entry.p).sort((a, b) =>
    audienceRank(a) - audienceRank(b)
    || String(a.createdAt).localeCompare(String(b.createdAt)) || (a.sequence || 0) - (b.sequence || 0)
    || String(a.id).localeCompare(String(b.id)));
}

function addPending(p) {
  if (!p || typeof p.id !== "string" || state.closed.has(p.id) || state.pending.has(p.id)) return;
  state.pending.set(p.id, { p, seenAt: Date.now() });
  if (state.lastSnapshot) notifyNew(p);
  update();
}

// A question whose audience was widened: the one held takes its new audience (it may now be for me).
function escalated(p) {
  if (!p || typeof p.id !== "string" || state.closed.has(p.id)) return;
  const entry = state.pending.get(p.id);
  if (!entry) return addPending(p);
  entry.p = p;
  update();
}

// A system notification for a question that arrived while the page was open (not for those it
// found on loading), when the person allowed them.
function notifyNew(p) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    const note = new Notification(titleOf(p), { body: messageOf(p) || contextOf(p), tag: p.id });
    note.onclick = () => { window.focus(); openQuestion(p.id); };
  } catch (ignored) { /* some browsers allow notifications only from a service worker */ }
}

// Takes a question off the page: its dialog closes and a notice says why (text, or from the resolution).
function closePresentation(id, resolution, tone, text) {
  const entry = state.pending.get(id);
  state.closed.add(id);
  state.pending.delete(id);
  state.approvals.delete(id);
  if (entry) notice(entry.p, text || (resolution ? describe(resolution, entry.p) : ui("page.gone")), tone);
  if (state.shown && state.shown.id === id) dismissShown();
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
  const operation = job ? job.operation : operationOf(p);
  return `${operation || p.job} · ${age(p.createdAt)}`;
}

// "Answer within 23 h (by 14:02)": how long a question with a deadline still waits, and until when:
// a time today, "tomorrow, 14:02", or a later day's date.
function deadlineOf(p) {
  const at = Date.parse(p && p.expiresAt);
  if (!Number.isFinite(at)) return null;
  const left = Math.max(0, Math.round((at - Date.now()) / 1000));
  const end = new Date(at);
  const clock = end.toLocaleTimeString(i18n.language.replace(/_/g, "-"), { hour: "2-digit", minute: "2-digit" });
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  if (end.toDateString() === new Date().toDateString()) return ui("page.deadline", duration(left), clock);
  if (end.toDateString() === tomorrow.toDateString()) return ui("page.deadline.tomorrow", duration(left), clock);
  const day = end.toLocaleDateString(i18n.language.replace(/_/g, "-"), { weekday: "short", day: "numeric", month: "short" });
  return ui("page.deadline.later", duration(left), day, clock);
}

// A node saying p's deadline, kept current every second (`refreshDeadlines`); null without one.
function deadlineNode(p, tag, className) {
  const text = deadlineOf(p);
  if (!text) return null;
  const node = el(tag, className, text);
  node.dataset.expires = p.expiresAt;
  return node;
}

function refreshDeadlines() {
  for (const node of document.querySelectorAll("[data-expires]")) node.textContent = deadlineOf({ expiresAt: node.dataset.expires }) || "";
}

function duration(seconds) {
  if (seconds < 60) return ui("page.duration.seconds", seconds);
  if (seconds < 3600) return ui("page.duration.minutes", Math.floor(seconds / 60), seconds % 60);
  if (seconds < 86400) return ui("page.duration.hours", Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60));
  return ui("page.duration.days", Math.floor(seconds / 86400), Math.floor((seconds % 86400) / 3600));
}

function update() {
  renderQueue(queue());
}

function openQuestion(id) {
  const entry = state.pending.get(id);
  if (!entry || state.answering) return;
  if (state.shown && state.shown.id === id) return;
  closeDetails();
  dismissShown();
  present(entry.p);
  renderQueue(queue());
}

function renderQueue(items) {
  const count = items.length;
  document.title = count ? `(${count}) ${PAGE_TITLE}` : PAGE_TITLE;
  const empty = $("pending-empty");
  empty.hidden = count > 0;
  empty.textContent = ui(state.lastSnapshot ? "page.pending.empty" : "page.pending.connecting");
  const list = $("pending-list");
  const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.dataset.presentation : null;
  list.replaceChildren(...items.map((p) => {
    const item = el("li");
    item.dataset.presentation = p.id;
    const button = el("button", "open");
    button.type = "button";
    button.dataset.presentation = p.id;
    button.append(el("span", "title", titleOf(p)));
    if (state.shown && state.shown.id === p.id) button.append(el("span", "badge", ui("page.pending.onScreen")));
    const rank = audienceRank(p);
    if (rank === 0) button.append(el("span", "badge for-you", ui("page.pending.forYou")));
    const message = messageOf(p);
    if (message) button.append(el("span", "meta line", message));
    button.append(el("span", "meta line", contextOf(p)));
    if (rank === 2) button.append(el("span", "meta line for-others", ui("page.pending.forOthers", audienceText(p))));
    const approvals = approvalsText(p);
    if (approvals) button.append(el("span", "meta line approvals", approvals));
    const deadline = deadlineNode(p, "span", "meta line deadline");
    if (deadline) button.append(deadline);
    button.addEventListener("click", () => openQuestion(p.id));
    item.append(button);
    return item;
  }));
  if (focused) {
    const again = list.querySelector(`button.open[data-presentation="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
  if (state.shown) {
    const more = items.length - 1;
    const caption = contextOf(state.shown.p) + (more > 0 ? ` · ${ui("page.pending.more", more)}` : "");
    state.shown.dialog.querySelector(".context").textContent = caption;
  }
}

// Once the page has loaded, while nothing has focus: the first question of the inbox (else, once
// the inbox is known to be empty, the newest job), so the arrow keys and Enter work without a Tab.
function focusOnLoad() {
  if (state.focusedOnLoad || state.shown || details.dialog) return;
  if (document.activeElement && document.activeElement !== document.body) return;
  const first = $("pending-list").querySelector("button.open") || (state.lastSnapshot ? $("jobs").querySelector("button.open") : null);
  if (!first) return;
  state.focusedOnLoad = true;
  first.focus();
}

// Up and down arrows (and Home, End) move between the items of a list of buttons.
function arrowKeys(list, selector) {
  list.addEventListener("keydown", (event) => {
    const buttons = [...list.querySelectorAll(selector)];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, to))].focus();
  });
}

// A snapshot of every pending question: adds what the stream may have missed, and asks about
// questions that vanished from it without an event (to show who answered them).
let reconciling = false;
let reconcileAgain = false;
async function reconcile() {
  if (auth.signedOut) return;
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
        showFailure("pending-error", "page.questions.error", result);
        $("pending-empty").hidden = true;
        return;
      }
      items.push(...result.data.presentations);
      const approvals = result.data.approvals && typeof result.data.approvals === "object" ? result.data.approvals : {};
      for (const id of Object.keys(approvals)) state.approvals.set(id, approvals[id]);
      const operations = result.data.operations && typeof result.data.operations === "object" ? result.data.operations : {};
      for (const job of Object.keys(operations)) noteOperation(job, operations[job]);
      cursor = result.data.next;
      if (cursor == null) break;
    }
    showProblem("pending-error", null);
    const listed = new Set(items.map((p) => p && p.id));
    for (const p of items) addPending(p);
    state.lastSnapshot = Date.now();
    for (const [id, entry] of state.pending) {
      if (!listed.has(id) && entry.seenAt < started) verifyGone(id);
    }
    update();
    focusOnLoad();
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
  if (auth.signedOut) return;
  if (state.live !== "live" || Date.now() - state.lastSnapshot > 30000) reconcile();
  renderQueue(queue());
}

// Every question in the current texts: the list, and the shown dialog when it has no fields to lose.
function rerenderQuestions() {
  const shown = state.shown;
  if (shown && !state.answering && !(shown.p.fields && shown.p.fields.length)) {
    dismissShown();
    present(shown.p);
  }
  renderQueue(queue());
}
