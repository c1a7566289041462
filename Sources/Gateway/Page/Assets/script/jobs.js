// The job list: the 20 newest jobs, refreshed after every event and every few seconds (faster
// while one runs, so its progress bar moves).
const jobs = { list: [], byId: new Map(), timer: null, loading: false, loaded: false };
const JOB_STATES = ["queued", "running", "waiting", "succeeded", "failed", "cancelled"];

function scheduleJobs(delay) {
  clearTimeout(jobs.timer);
  jobs.timer = setTimeout(loadJobs, delay);
}

async function loadJobs() {
  if (jobs.loading) { scheduleJobs(500); return; }
  jobs.loading = true;
  try {
    const result = await request("GET", "/v1/jobs?limit=20");
    if (result.ok && result.data && Array.isArray(result.data.jobs)) {
      showProblem("jobs-error", null);
      jobs.list = result.data.jobs.filter((job) => job && typeof job.id === "string");
      jobs.loaded = true;
      await loadOperations(jobs.list.map((job) => job.operation));
      renderJobs();
    } else {
      showProblem("jobs-error", ui("page.jobs.error", problem(result)));
    }
  } finally {
    jobs.loading = false;
    scheduleJobs(jobs.list.some((job) => job.state === "running") ? 1500 : 4000);
  }
}

// A job carried by an event, shown at once (unless the list already has a newer copy).
function noteJob(job) {
  if (!job || typeof job.id !== "string") return;
  const index = jobs.list.findIndex((known) => known.id === job.id);
  if (index < 0) jobs.list.unshift(job);
  else if (String(job.updatedAt) >= String(jobs.list[index].updatedAt)) jobs.list[index] = job;
  jobs.loaded = true;
  renderJobs();
}

// "Blue in Green": the first text field of the input, as a reminder of what the job is about.
function subjectOf(job) {
  const input = job.input && typeof job.input === "object" ? job.input : {};
  const text = Object.values(input).find((value) => typeof value === "string" && value.length);
  return text ? (text.length > 60 ? `${text.slice(0, 59)}…` : text) : null;
}

function renderJobs() {
  jobs.byId = new Map(jobs.list.map((job) => [job.id, job]));
  $("jobs-empty").hidden = !jobs.loaded || jobs.list.length > 0;
  const number = new Intl.NumberFormat(i18n.language.replace(/_/g, "-"));
  $("jobs").replaceChildren(...jobs.list.slice(0, 20).map((job) => {
    const item = el("li");
    item.dataset.job = job.id;
    const stateName = JOB_STATES.includes(job.state) ? job.state : "queued";
    item.dataset.state = stateName;
    const line = el("div", "job-line");
    const name = el("span", "job-name", operationTitle(job.operation));
    name.title = String(job.operation || "");
    line.append(name,
      el("span", `state state-${stateName}`, ui(`page.state.${stateName}`)));
    item.append(line);
    const details = [subjectOf(job), job.id, age(job.updatedAt || job.createdAt)].filter(Boolean);
    item.append(el("div", "meta", details.join(" · ")));
    const progress = job.progress;
    if (stateName === "running" && progress && Number(progress.total) > 0) {
      const done = Math.min(Number(progress.done) || 0, Number(progress.total));
      const bar = el("progress");
      bar.max = Number(progress.total);
      bar.value = done;
      const text = ui("page.progress", number.format(done), number.format(Number(progress.total)));
      bar.setAttribute("aria-label", `${operationTitle(job.operation)}: ${text}`);
      item.append(bar, el("div", "meta", text));
    }
    if (stateName === "failed" && job.error && job.error.message) item.append(el("div", "meta problem", job.error.message));
    return item;
  }));
  if (state.pending.size) renderQueue(queue());
}
