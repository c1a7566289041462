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
    connect();
    reconcile();
    scheduleJobs(0);
  });
}

async function startPage() {
  setUpTokenForm();
  const result = await request("GET", "/catalog.json");
  if (result.ok && result.data && typeof result.data === "object") i18n.tables = result.data;
  const tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  i18n.candidates = candidatesFor(tags);
  i18n.language = i18n.candidates.find((c) => i18n.tables[c]) || "en";
  document.documentElement.lang = i18n.language.replace(/_/g, "-");
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = ui(node.dataset.i18n);
  await loadOperations();
  connect();
  reconcile();
  loadJobs();
  setInterval(tick, 5000);
}

startPage();
