// The job list: the 20 newest jobs (of one state, when the filter says so), refreshed after every
// event and every few seconds (faster while one runs, so its progress bar moves). The operation
// filter and the search by id narrow what is shown; a whole job id not in the list is asked for.
// A click opens a job: its state, outcome, the deadline of its question and its timeline.
const jobs = { list: [], byId: new Map(), timer: null, loading: false, loaded: false, found: null };
const JOB_STATES = ["queued", "running", "waiting", "succeeded", "failed", "cancelled"];

function scheduleJobs(delay) {
  clearTimeout(jobs.timer);
  jobs.timer = setTimeout(loadJobs, delay);
}

async function loadJobs() {
  if (jobs.loading) { scheduleJobs(500); return; }
  jobs.loading = true;
  try {
    const chosen = $("filter-state").value;
    const query = JOB_STATES.includes(chosen) ? `&state=${chosen}` : "";
    const result = await request("GET", `/v1/jobs?limit=20${query}`);
    if (result.ok && result.data && Array.isArray(result.data.jobs)) {
      showProblem("jobs-error", null);
      jobs.list = result.data.jobs.filter((job) => job && typeof job.id === "string");
      for (const job of jobs.list) noteOperation(job.id, job.operation);
      jobs.loaded = true;
      await loadOperations(jobs.list.map((job) => job.operation));
      await findSearched();
      renderJobs();
    } else {
      showProblem("jobs-error", ui("page.jobs.error", problem(result)));
    }
  } finally {
    jobs.loading = false;
    scheduleJobs(jobs.list.some((job) => job.state === "running") ? 1500 : 4000);
  }
}

// A whole job id typed in the search box that the list does not hold: asked for by id.
async function findSearched() {
  const text = $("filter-search").value.trim();
  jobs.found = null;
  if (!/^job_([0-9a-f]{8})?[0-9a-f]{16}$/.test(text) || jobs.list.some((job) => job.id === text)) return;
  const result = await request("GET", `/v1/jobs/${encodeURIComponent(text)}`);
  if (result.ok && result.data && result.data.id === text) {
    jobs.found = result.data;
    noteOperation(text, result.data.operation);
  }
}

// What an event says of a job, shown at once (unless the list already has a newer copy). An event
// carries a summary (no input, no question): it goes over what the list knows of the job, and the
// listing that follows every event fills in the rest.
function noteJob(job) {
  if (!job || typeof job.id !== "string") return;
  noteOperation(job.id, job.operation);
  const chosen = $("filter-state").value;
  const index = jobs.list.findIndex((known) => known.id === job.id);
  if (index < 0 && (!chosen || chosen === job.state)) jobs.list.unshift(job);
  else if (index >= 0 && String(job.updatedAt) >= String(jobs.list[index].updatedAt)) {
    const known = { ...jobs.list[index], ...job };
    if (job.state !== "waiting") delete known.presentation;
    jobs.list[index] = known;
  }
  jobs.loaded = true;
  renderJobs();
}

// "Blue in Green": the first text field of the input, as a reminder of what the job is about.
function subjectOf(job) {
  const input = job.input && typeof job.input === "object" ? job.input : {};
  const text = Object.values(input).find((value) => typeof value === "string" && value.length);
  return text ? (text.length > 60 ? `${text.slice(0, 59)}…` : text) : null;
}

// "Backup not found [backupNotFound]": a failure's title (from the catalog, else its code in words)
// and code. The message is not shown: it may name the server's folders.
function failureOf(error, operation) {
  const code = error && typeof error.code === "string" ? error.code : "failed";
  const words = code.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  const title = localize(`error.${code}`, [], words.charAt(0).toUpperCase() + words.slice(1), operation);
  return ui("page.failure", title, code);
}

function shownJobs() {
  const operation = $("filter-operation").value;
  const search = $("filter-search").value.trim().toLowerCase();
  const list = jobs.found ? [jobs.found] : jobs.list;
  return list.filter((job) => (!operation || job.operation === operation) && (!search || job.id.toLowerCase().includes(search)));
}

function renderJobs() {
  jobs.byId = new Map(jobs.list.map((job) => [job.id, job]));
  renderOperationFilter();
  const shown = shownJobs();
  $("jobs-empty").hidden = !jobs.loaded || shown.length > 0;
  $("jobs-empty").textContent = ui(jobs.list.length ? "page.jobs.noMatch" : "page.jobs.empty");
  const number = new Intl.NumberFormat(i18n.language.replace(/_/g, "-"));
  const list = $("jobs");
  const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.dataset.job : null;
  list.replaceChildren(...shown.slice(0, 20).map((job) => {
    const item = el("li");
    item.dataset.job = job.id;
    const stateName = JOB_STATES.includes(job.state) ? job.state : "queued";
    item.dataset.state = stateName;
    const button = el("button", "open");
    button.type = "button";
    button.dataset.job = job.id;
    const line = el("span", "job-line");
    const name = el("span", "job-name", operationTitle(job.operation));
    name.title = String(job.operation || "");
    line.append(name, el("span", `state state-${stateName}`, ui(`page.state.${stateName}`)));
    button.append(line);
    const details = [subjectOf(job), job.id, age(job.updatedAt || job.createdAt)].filter(Boolean);
    button.append(el("span", "meta line", details.join(" · ")));
    const progress = job.progress;
    if (stateName === "running" && progress && Number(progress.total) > 0) {
      const done = Math.min(Number(progress.done) || 0, Number(progress.total));
      const bar = el("progress");
      bar.max = Number(progress.total);
      bar.value = done;
      const text = ui("page.progress", number.format(done), number.format(Number(progress.total)));
      bar.setAttribute("aria-label", `${operationTitle(job.operation)}: ${text}`);
      button.append(bar, el("span", "meta line", text));
    }
    if (stateName === "failed" && job.error) button.append(el("span", "meta line problem", failureOf(job.error, job.operation)));
    button.addEventListener("click", () => openJob(job.id));
    item.append(button);
    return item;
  }));
  if (focused) {
    const again = list.querySelector(`button.open[data-job="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
  if (state.pending.size) renderQueue(queue());
}

// The operation filter's choices: every operation the page knows of, by its summary.
function renderOperationFilter() {
  const select = $("filter-operation");
  const names = new Set([...operations.summaries.keys(), ...jobs.list.map((job) => job.operation)].filter((n) => typeof n === "string"));
  const known = [...select.options].slice(1).map((option) => option.value);
  if (names.size === known.length && [...names].every((name) => known.includes(name))) return;
  const chosen = select.value;
  const options = [...names].sort().map((name) => {
    const option = el("option", null, operationTitle(name));
    option.value = name;
    return option;
  });
  select.replaceChildren(select.options[0], ...options);
  select.value = names.has(chosen) ? chosen : "";
}

function setUpFilters() {
  const select = $("filter-state");
  for (const name of JOB_STATES) {
    const option = el("option", null, ui(`page.state.${name}`));
    option.value = name;
    select.append(option);
  }
  select.addEventListener("change", () => scheduleJobs(0));
  $("filter-operation").addEventListener("change", renderJobs);
  $("filter-search").addEventListener("input", () => {
    renderJobs();
    scheduleJobs(300);
  });
  arrowKeys($("jobs"), "button.open");
  arrowKeys($("pending-list"), "button.open");
}
