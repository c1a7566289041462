function askForToken() {
  const form = $("token-form");
  if (!form.hidden) return;
  form.hidden = false;
  if (!state.shown) $("token-input").focus();
}

function setUpTokenForm() {
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const token = $("token-input").value.trim();
    if (!token) return;
    auth.token = token;
    try { localStorage.setItem("interlude.token", token); } catch (ignored) { /* kept for this page only */ }
    $("token-input").value = "";
    $("token-form").hidden = true;
    disconnect();
    loadOperations().then(() => renderJobs());
    loadMe();
    connect();
    reconcile();
    scheduleJobs(0);
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
  await loadOperations();
  loadMe();
  connect();
  reconcile();
  loadJobs();
  setInterval(tick, 5000);
  setInterval(refreshDeadlines, 1000);
}

startPage();
