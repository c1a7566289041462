// An opened job, in a dialog: its operation's name and summary, its state, when it was submitted and
// last changed, what its last question ended with (the label of the action, as the person saw it),
// the deadline of the question it waits on (with a button to open that question), its result or a
// failure's title and code, and its timeline from `GET /v1/jobs/{id}` (`history`), where answers and
// refusals name actions by their labels too. Escape or Close shuts it.
const details = { dialog: null, job: null };

async function openJob(id) {
  const result = await request("GET", `/v1/jobs/${encodeURIComponent(id)}`);
  if (!result.ok || !result.data || result.data.id !== id) {
    showFailure("jobs-error", "page.job.error", result);
    return;
  }
  showProblem("jobs-error", null);
  closeDetails();
  const dialog = buildDetails(result.data);
  document.body.append(dialog);
  dialog.addEventListener("close", () => { if (details.dialog === dialog) closeDetails(); });
  details.dialog = dialog;
  details.job = id;
  dialog.showModal();
  dialog.querySelector("button.close").focus();
}

function closeDetails() {
  const dialog = details.dialog;
  const id = details.job;
  if (!dialog) return;
  details.dialog = null;
  details.job = null;
  if (dialog.open) dialog.close();
  dialog.remove();
  const item = document.querySelector(`#jobs button.open[data-job="${CSS.escape(id)}"]`);
  if (item) item.focus();
}

function buildDetails(job) {
  noteOperation(job.id, job.operation);
  const history = Array.isArray(job.history) ? job.history.filter((entry) => entry && typeof entry === "object") : [];
  const asked = questionsAsked(job, history);
  const dialog = el("dialog", "details");
  dialog.dataset.job = job.id;
  dialog.setAttribute("aria-labelledby", "details-title");
  const box = el("div", "details-box");
  const title = el("h2", "details-title", String(job.operation || "?"));
  title.id = "details-title";
  box.append(title);
  const summary = operationSummary(job.operation);
  if (summary) box.append(el("p", "meta summary", summary));
  const stateName = JOB_STATES.includes(job.state) ? job.state : "queued";
  box.append(el("p", `state state-${stateName}`, ui(`page.state.${stateName}`)));
  box.append(el("p", "meta", [subjectOf(job), job.id].filter(Boolean).join(" · ")));
  box.append(el("p", "meta dates", ui("page.job.dates", dateOf(job.createdAt), dateOf(job.updatedAt))));
  if (job.outcome && typeof job.outcome === "object") {
    const label = actionLabel(asked.get(job.outcome.presentation), job.outcome.action);
    box.append(el("p", "outcome", ui("page.job.outcome", label, ui(`page.cause.${job.outcome.cause}`))));
  }
  if (job.state === "failed" && job.error) box.append(el("p", "problem", failureOf(job.error, job.operation)));
  if (job.state === "succeeded" && job.result != null) box.append(el("p", "result", ui("page.job.result", resultText(job.result))));
  const p = job.presentation;
  if (p && typeof p.id === "string") {
    const waiting = el("div", "waiting");
    waiting.append(el("p", null, ui("page.job.asks", titleOf(p))));
    const deadline = deadlineNode(p, "p", "deadline");
    if (deadline) waiting.append(deadline);
    if (state.pending.has(p.id)) {
      const open = el("button", "link", ui("page.job.answer"));
      open.type = "button";
      open.addEventListener("click", () => openQuestion(p.id));
      waiting.append(open);
    }
    box.append(waiting);
  }
  if (history.length) {
    box.append(el("h3", null, ui("page.job.history")));
    const list = el("ol", "history");
    for (const entry of history) {
      const item = el("li");
      item.dataset.type = String(entry.type);
      const time = el("time", "meta", clockOf(entry.at));
      time.dateTime = String(entry.at);
      item.append(time, el("span", null, describeEntry(entry, asked)));
      list.append(item);
    }
    box.append(list);
  }
  const close = el("button", "close", ui("page.close"));
  close.type = "button";
  close.addEventListener("click", closeDetails);
  box.append(close);
  dialog.append(box);
  return dialog;
}

// The questions the job asked, by id: the timeline's, and the one it waits on.
function questionsAsked(job, history) {
  const asked = new Map();
  for (const entry of history) {
    if (entry.type === "asked" && entry.question && typeof entry.question.id === "string") asked.set(entry.question.id, entry.question);
  }
  if (job.presentation && typeof job.presentation.id === "string") asked.set(job.presentation.id, job.presentation);
  return asked;
}

// The label the person saw for the action `id` of question p; the id itself when p is unknown.
function actionLabel(p, id) {
  if (id == null) return "—";
  const action = p && Array.isArray(p.actions) ? p.actions.find((a) => a && a.id === id) : null;
  return action ? labelOf(action, p) : String(id);
}

// `archive: …/exports/atlas.tar.gz, exported: true`: a result object's members, else its JSON.
function resultText(result) {
  const show = (value) => (typeof value === "string" ? value : JSON.stringify(value));
  if (result && typeof result === "object" && !Array.isArray(result)) {
    return Object.keys(result).map((key) => `${key}: ${show(result[key])}`).join(", ") || "{}";
  }
  return show(result);
}

const localeTag = () => i18n.language.replace(/_/g, "-");

// "Dec 1, 2026, 11:42:07 PM" in the reader's language.
function dateOf(timestamp) {
  const at = Date.parse(timestamp);
  if (!Number.isFinite(at)) return "?";
  return new Date(at).toLocaleString(localeTag(), { dateStyle: "medium", timeStyle: "medium" });
}

// A timeline time: the clock for today, the date and clock for another day.
function clockOf(timestamp) {
  const at = Date.parse(timestamp);
  if (!Number.isFinite(at)) return "";
  const when = new Date(at);
  if (when.toDateString() !== new Date().toDateString()) return dateOf(timestamp);
  return when.toLocaleTimeString(localeTag(), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

// One line of the timeline: "Asked: Remove download", "Answered by ana (cli) with Remove", ….
function describeEntry(entry, asked) {
  const who = entry.by ? `${entry.by} (${entry.channel || "?"})` : ui("page.someone");
  const label = () => actionLabel(asked.get(entry.presentation), entry.action);
  switch (entry.type) {
    case "queued": return ui("page.history.queued");
    case "dispatched": return ui("page.history.dispatched", String(entry.worker || "?"), Number(entry.attempt) || 1);
    case "asked": return ui("page.history.asked", entry.question ? titleOf(entry.question) : "?");
    case "escalated": return ui("page.history.escalated", entry.question && entry.question.audience ? audienceText(entry.question) : "?");
    case "resolved": return ui(`page.history.${entry.cause === "answered" || entry.cause === "dismissed" ? entry.cause : "ended"}`,
      who, label(), ui(`page.cause.${entry.cause}`));
    case "refused": return ui("page.history.refused", who, label(), String((entry.error && entry.error.code) || "?"));
    case "step": return ui("page.history.step", String(entry.step || "?"));
    case "progress": return ui("page.history.progress", Number(entry.done) || 0, Number(entry.total) || 0);
    case "retried": return ui("page.history.retried", Number(entry.attempt) || 1);
    case "cancelRequested": return ui("page.history.cancelRequested");
    case "finished": return ui("page.history.finished", ui(`page.state.${entry.state}`));
    default: return String(entry.type || "?");
  }
}
