// The job list: the 20 newest jobs (of one state, when the filter says so), refreshed after every
// event and every few seconds (faster while one runs, so its progress bar moves); "Show more" adds the
// next 20 (the listing's `next`), and those stay listed through the refreshes. The operation filter
// and the search by id narrow what is shown; a whole job id not in the list is asked for. Each row is
// headed by its operation's name, its summary below. A click opens a job (`details`).
const jobs = { list: [], byId: new Map(), timer: null, loading: false, loaded: false, found: null, older: null, next: null };
const JOB_STATES = ["queued", "running", "waiting", "succeeded", "failed", "cancelled"];
const JOB_PAGE = 20;

function scheduleJobs(delay) {
  clearTimeout(jobs.timer);
  jobs.timer = setTimeout(loadJobs, delay);
}

function jobQuery() {
  const chosen = $("filter-state").value;
  return JOB_STATES.includes(chosen) ? `&state=${chosen}` : "";
}

// Newest first, as the API lists them.
function newestFirst(a, b) {
  return String(b.createdAt).localeCompare(String(a.createdAt)) || String(b.id).localeCompare(String(a.id));
}

async function loadJobs() {
  if (auth.signedOut) return;
  if (jobs.loading) { scheduleJobs(500); return; }
  jobs.loading = true;
  try {
    const result = await request("GET", `/v1/jobs?limit=${JOB_PAGE}${jobQuery()}`);
    if (result.ok && result.data && Array.isArray(result.data.jobs)) {
      showProblem("jobs-error", null);
      const fresh = result.data.jobs.filter((job) => job && typeof job.id === "string");
      const ids = new Set(fresh.map((job) => job.id));
      if (jobs.older) {
        // Jobs a newer one pushed off the first page stay, with those "Show more" added.
        const kept = new Map([...jobs.list, ...jobs.older].filter((job) => !ids.has(job.id)).map((job) => [job.id, job]));
        jobs.older = [...kept.values()].sort(newestFirst);
      } else {
        jobs.next = typeof result.data.next === "string" ? result.data.next : null;
      }
      jobs.list = fresh;
      for (const job of jobs.list) noteOperation(job.id, job.operation);
      jobs.loaded = true;
      await loadOperations(jobs.list.map((job) => job.operation));
      await findSearched();
      renderJobs();
    } else {
      showFailure("jobs-error", "page.jobs.error", result);
    }
  } finally {
    jobs.loading = false;
    scheduleJobs(jobs.list.some((job) => job.state === "running") ? 1500 : 4000);
  }
}

// "Show more": the page of jobs after the oldest listed, by the cursor the last page gave.
async function loadMoreJobs() {
  if (!jobs.next) return;
  const result = await request("GET", `/v1/jobs?limit=${JOB_PAGE}${jobQuery()}&cursor=${encodeURIComponent(jobs.next)}`);
  if (!result.ok || !result.data || !Array.isArray(result.data.jobs)) {
    showFailure("jobs-error", "page.jobs.error", result);
    return;
  }
  const known = new Set([...jobs.list, ...(jobs.older || [])].map((job) => job.id));
  const more = result.data.jobs.filter((job) => job && typeof job.id === "string" && !known.has(job.id));
  for (const job of more) noteOperation(job.id, job.operation);
  jobs.older = [...(jobs.older || []), ...more];
  jobs.next = typeof result.data.next === "string" ? result.data.next : null;
  await loadOperations(more.map((job) => job.operation));
  renderJobs();
  const first = more.length && $("jobs").querySelector(`button.open[data-job="${CSS.escape(more[0].id)}"]`);
  if (first) first.focus();
}

// A whole job id typed in the search box that the list does not hold: asked for by id.
async function findSearched() {
  const text = $("filter-search").value.trim();
  jobs.found = null;
  if (!/^job_([0-9a-f]{8})?[0-9a-f]{16}$/.test(text) || allJobs().some((job) => job.id === text)) return;
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
  const where = jobs.older && jobs.older.some((known) => known.id === job.id) ? jobs.older : jobs.list;
  const index = where.findIndex((known) => known.id === job.id);
  if (index < 0 && (!chosen || chosen === job.state)) jobs.list.unshift(job);
  else if (index >= 0 && String(job.updatedAt) >= String(where[index].updatedAt)) {
    const known = { ...where[index], ...job };
    if (job.state !== "waiting") delete known.presentation;
    where[index] = known;
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

function allJobs() {
  return jobs.older ? [...jobs.list, ...jobs.older] : jobs.list;
}

function shownJobs() {
  const operation = $("filter-operation").value;
  const search = $("filter-search").value.trim().toLowerCase();
  const list = jobs.found ? [jobs.found] : allJobs();
  return list.filter((job) => (!operation || job.operation === operation) && (!search || job.id.toLowerCase().includes(search)));
}

function renderJobs() {
  jobs.byId = new Map(allJobs().map((job) => [job.id, job]));
  renderOperationFilter();
  const shown = shownJobs();
  $("jobs-empty").hidden = !jobs.loaded || shown.length > 0;
  $("jobs-empty").textContent = ui(jobs.list.length ? "page.jobs.noMatch" : "page.jobs.empty");
  const number = new Intl.NumberFormat(i18n.language.replace(/_/g, "-"));
  const list = $("jobs");
  const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.dataset.job : null;
  $("jobs-more").hidden = !jobs.next || Boolean(jobs.found);
  list.replaceChildren(...shown.map((job) => {
    const item = el("li");
    item.dataset.job = job.id;
    const stateName = JOB_STATES.includes(job.state) ? job.state : "queued";
    item.dataset.state = stateName;
    const button = el("button", "open");
    button.type = "button";
    button.dataset.job = job.id;
    const line = el("span", "job-line");
    const name = el("span", "job-name", String(job.operation || "?"));
    name.title = String(job.operation || "");
    line.append(name, el("span", `state state-${stateName}`, ui(`page.state.${stateName}`)));
    button.append(line);
    const summary = operationSummary(job.operation);
    if (summary) button.append(el("span", "meta line job-summary", summary));
    const details = [subjectOf(job), job.id, age(job.updatedAt || job.createdAt)].filter(Boolean);
    button.append(el("span", "meta line", details.join(" · ")));
    const progress = job.progress;
    if (stateName === "running" && progress && Number(progress.total) > 0) {
      const done = Math.min(Number(progress.done) || 0, Number(progress.total));
      const bar = el("progress");
      bar.max = Number(progress.total);
      bar.value = done;
      const text = ui("page.progress", number.format(done), number.format(Number(progress.total)));
      bar.setAttribute("aria-label", `${job.operation}: ${text}`);
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
  focusOnLoad();
}

// The operation filter's choices: every operation the page knows of, by name.
function renderOperationFilter() {
  const select = $("filter-operation");
  const names = new Set([...operations.summaries.keys(), ...allJobs().map((job) => job.operation)].filter((n) => typeof n === "string"));
  const known = [...select.options].slice(1).map((option) => option.value);
  if (names.size === known.length && [...names].every((name) => known.includes(name))) return;
  const chosen = select.value;
  const options = [...names].sort().map((name) => {
    const option = el("option", null, name);
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
  select.addEventListener("change", () => {
    jobs.older = null;
    jobs.next = null;
    scheduleJobs(0);
  });
  $("jobs-more").addEventListener("click", () => {
    if (!jobs.older) jobs.older = [];
    loadMoreJobs();
  });
  $("filter-operation").addEventListener("change", renderJobs);
  $("filter-search").addEventListener("input", () => {
    renderJobs();
    scheduleJobs(300);
  });
  arrowKeys($("jobs"), "button.open");
  arrowKeys($("pending-list"), "button.open");
}
