// An opened job, in a dialog: its state, what its last question ended with, the deadline of the
// question it waits on (with a button to open that question), a failure's title and code, and its
// timeline from `GET /v1/jobs/{id}` (`history`). Escape or Close shuts it.
const details = { dialog: null, job: null };

async function openJob(id) {
  const result = await request("GET", `/v1/jobs/${encodeURIComponent(id)}`);
  if (!result.ok || !result.data || result.data.id !== id) {
    showProblem("jobs-error", ui("page.job.error", problem(result)));
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
  const dialog = el("dialog", "details");
  dialog.dataset.job = job.id;
  dialog.setAttribute("aria-labelledby", "details-title");
  const box = el("div", "details-box");
  const title = el("h2", "details-title", operationTitle(job.operation));
  title.id = "details-title";
  const stateName = JOB_STATES.includes(job.state) ? job.state : "queued";
  box.append(title, el("p", `state state-${stateName}`, ui(`page.state.${stateName}`)));
  box.append(el("p", "meta", [subjectOf(job), job.id].filter(Boolean).join(" · ")));
  if (job.outcome && typeof job.outcome === "object") {
    box.append(el("p", "outcome", ui("page.job.outcome", String(job.outcome.action || "—"), ui(`page.cause.${job.outcome.cause}`))));
  }
  if (job.state === "failed" && job.error) box.append(el("p", "problem", failureOf(job.error, job.operation)));
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
  const history = Array.isArray(job.history) ? job.history : [];
  if (history.length) {
    box.append(el("h3", null, ui("page.job.history")));
    const list = el("ol", "history");
    for (const entry of history) {
      if (!entry || typeof entry !== "object") continue;
      const item = el("li");
      item.dataset.type = String(entry.type);
      const time = el("time", "meta", clockOf(entry.at));
      time.dateTime = String(entry.at);
      item.append(time, el("span", null, describeEntry(entry)));
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

function clockOf(timestamp) {
  const at = Date.parse(timestamp);
  if (!Number.isFinite(at)) return "";
  return new Date(at).toLocaleTimeString(i18n.language.replace(/_/g, "-"), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

// One line of the timeline: "Asked: Remove download", "Answered by ana (cli) with remove", ….
function describeEntry(entry) {
  const who = entry.by ? `${entry.by} (${entry.channel || "?"})` : ui("page.someone");
  switch (entry.type) {
    case "queued": return ui("page.history.queued");
    case "dispatched": return ui("page.history.dispatched", String(entry.worker || "?"), Number(entry.attempt) || 1);
    case "asked": return ui("page.history.asked", entry.question ? titleOf(entry.question) : "?");
    case "resolved": return ui(`page.history.${entry.cause === "answered" || entry.cause === "dismissed" ? entry.cause : "ended"}`,
      who, String(entry.action || "—"), ui(`page.cause.${entry.cause}`));
    case "refused": return ui("page.history.refused", who, String(entry.action || "—"), String((entry.error && entry.error.code) || "?"));
    case "step": return ui("page.history.step", String(entry.step || "?"));
    case "progress": return ui("page.history.progress", Number(entry.done) || 0, Number(entry.total) || 0);
    case "retried": return ui("page.history.retried", Number(entry.attempt) || 1);
    case "cancelRequested": return ui("page.history.cancelRequested");
    case "finished": return ui("page.history.finished", ui(`page.state.${entry.state}`));
    default: return String(entry.type || "?");
  }
}
