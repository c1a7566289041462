// Signing in, when the gateway has tokens configured (any non-loopback address): the page asks who
// the caller is (`GET /v1/me`) before anything else, and on a 401 shows only the sign-in prompt,
// asking for nothing more until a token is accepted. The token is kept in this browser's
// localStorage; the header then names who the page answers as, with Sign out beside it.
function signedOut(text) {
  try { localStorage.removeItem("interlude.token"); } catch (ignored) { /* nothing kept */ }
  auth.token = null;
  auth.signedOut = true;
  disconnect();
  clearTimeout(jobs.timer);
  dismissShown();
  closeDetails();
  state.pending.clear();
  state.lastSnapshot = 0;
  jobs.list = [];
  jobs.older = null;
  jobs.next = null;
  for (const id of ["pending-panel", "jobs-panel", "who"]) $(id).hidden = true;
  setLive("signedOut");
  const form = $("token-form");
  showProblem("token-error", text || null);
  if (form.hidden) {
    form.hidden = false;
    $("token-input").focus();
  }
}

// Who the page answers as; `true` once known (or when the gateway could not be asked, so the page
// goes on and says it is offline), `false` on a 401 (the prompt is shown) or a token without read.
async function signIn() {
  const result = await loadMe();
  if (result.status === 401) return false;
  if (result.status === 403) { signedOut(ui("page.token.noRead")); return false; }
  auth.signedOut = false;
  $("token-form").hidden = true;
  showProblem("token-error", null);
  for (const id of ["pending-panel", "jobs-panel"]) $(id).hidden = false;
  $("who").hidden = !auth.token || !me.name;
  $("who-name").textContent = ui("page.who", me.name || "");
  return true;
}

function setUpTokenForm() {
  $("token-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const token = $("token-input").value.trim();
    if (!token) return;
    auth.token = token;
    if (!(await signIn())) {
      if (!auth.token) signedOut(ui("page.token.rejected"));
      return;
    }
    try { localStorage.setItem("interlude.token", token); } catch (ignored) { /* kept for this page only */ }
    $("token-input").value = "";
    begin();
  });
  $("sign-out").addEventListener("click", () => {
    signedOut(null);
    renderQueue(queue());
    renderJobs();
  });
}

// "Notify me of new questions", while the browser has not been told yes or no.
function setUpNotifications() {
  const button = $("notify");
  const offer = () => { button.hidden = typeof Notification === "undefined" || Notification.permission !== "default"; };
  offer();
  button.addEventListener("click", async () => {
    try { await Notification.requestPermission(); } catch (ignored) { /* an old browser: a callback form only */ }
    offer();
  });
}

// The page's and the operations' texts from /catalog.json; false when it could not be loaded.
async function loadCatalog() {
  const result = await request("GET", "/catalog.json");
  const catalog = result.ok && result.data && typeof result.data === "object" ? result.data : null;
  if (catalog && catalog.page && typeof catalog.page === "object") i18n.tables = catalog.page;
  if (catalog && catalog.operations && typeof catalog.operations === "object") i18n.operations = catalog.operations;
  return catalog !== null;
}

// After `operation.announced`: the operations' new texts and summaries, then every question shown again in them.
async function reloadTexts() {
  if (!(await loadCatalog())) return;
  await loadOperations();
  rerenderQuestions();
  scheduleJobs(0);
}

// Everything a signed-in page asks for: the operations, the stream, the questions and the jobs.
function begin() {
  loadOperations().then(() => renderJobs());
  connect();
  reconcile();
  scheduleJobs(0);
}

async function startPage() {
  setUpTokenForm();
  await loadCatalog();
  const tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  i18n.candidates = candidatesFor(tags);
  i18n.language = i18n.candidates.find((c) => i18n.tables[c]) || "en";
  document.documentElement.lang = i18n.language.replace(/_/g, "-");
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = ui(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", ui(node.dataset.i18nLabel));
  setUpFilters();
  setUpNotifications();
  setInterval(tick, 5000);
  setInterval(refreshDeadlines, 1000);
  const saved = Boolean(auth.token);
  if (await signIn()) begin();
  else if (saved && !auth.token) showProblem("token-error", ui("page.token.expired"));
}

startPage();
