const REQUEST_TIMEOUT_MS = 15000;
const $ = (id) => document.getElementById(id);
// The page's own strings (`tables`) and each operation's (`operations`, by name), from /catalog.json, and
// the operation of each job the page has heard of, whose texts translate that job's questions.
const i18n = { tables: { en: FALLBACK_STRINGS }, operations: {}, jobOperations: new Map(), candidates: ["en"], language: "en" };

// A bearer token, needed when the gateway has tokens configured (any non-loopback address). It is
// asked for after a 401 and kept in this browser's localStorage; `signedOut` while none is accepted.
const auth = { token: null, signedOut: false };
try { auth.token = localStorage.getItem("interlude.token"); } catch (ignored) { auth.token = null; }

// The catalog locales tried for the reader's languages, most specific first, ending with en
// (the same rule as Catalog.candidates in Swift).
function candidatesFor(tags) {
  const out = [];
  for (const tag of tags) {
    if (typeof tag !== "string" || !tag) continue;
    const full = tag.replace(/-/g, "_");
    for (const candidate of [full, full.split("_")[0].toLowerCase()]) {
      if (!out.includes(candidate)) out.push(candidate);
    }
  }
  if (!out.includes("en")) out.push("en");
  return out;
}

function format(template, args) {
  return template.replace(/\{(\d+)\}/g, (whole, n) => (Number(n) < args.length ? String(args[Number(n)]) : whole));
}

function argumentsNeeded(template) {
  let max = -1;
  template.replace(/\{(\d+)\}/g, (whole, n) => { max = Math.max(max, Number(n)); return whole; });
  return max + 1;
}

// A template for key in the first language that has one with few enough placeholders, else fallback.
// A key of the page's own is taken from the page's tables only; any other from the tables of
// `operation` (the question's own) only: another operation's texts never apply.
function localize(key, args, fallback, operation) {
  if (typeof key !== "string") return fallback;
  const values = Array.isArray(args) ? args : [];
  const tables = Object.hasOwn(i18n.tables.en || {}, key) ? i18n.tables : operationTables(operation);
  for (const language of i18n.candidates) {
    const table = Object.hasOwn(tables, language) && tables[language] && typeof tables[language] === "object" ? tables[language] : {};
    const template = templateFor(table, key, values, language);
    if (typeof template === "string" && argumentsNeeded(template) <= values.length) return format(template, values);
  }
  return fallback;
}

// A CLDR plural category of a number written as text, for English and Spanish (any other language is
// treated as English; text that is not a number is "other"): the same rule as Catalog.pluralCategory.
function pluralCategory(argument, language) {
  const match = /^-?(\d+)(?:\.(\d+))?$/.exec(String(argument));
  if (!match) return "other";
  const integer = match[1].replace(/^0+/, "");
  const fraction = match[2] || "";
  if (String(language).toLowerCase().startsWith("es")) {
    if (integer === "1" && /^0*$/.test(fraction)) return "one";
    if (!fraction && integer.length >= 7 && integer.endsWith("000000")) return "many";
    return "other";
  }
  return integer === "1" && !fraction ? "one" : "other";
}

// The template table has for key: the key itself, or its plural form (key#one, key#other, …) for the
// first argument's category, "other" when that form is missing.
function templateFor(table, key, values, language) {
  if (Object.hasOwn(table, key)) return table[key];
  if (!Object.hasOwn(table, key + "#other")) return null;
  if (!values.length) return table[key + "#other"];
  const form = key + "#" + pluralCategory(values[0], language);
  return Object.hasOwn(table, form) ? table[form] : table[key + "#other"];
}

function ui(key, ...args) {
  const text = localize(key, args, null);
  return text !== null ? text : format(FALLBACK_STRINGS[key] || key, args);
}

function operationTables(operation) {
  const tables = typeof operation === "string" && Object.hasOwn(i18n.operations, operation) ? i18n.operations[operation] : null;
  return tables && typeof tables === "object" ? tables : {};
}

// Remembers that job runs operation, as a listing, an event or a job says: the 10,000 jobs heard of
// last (a pending question's job is heard of again at every snapshot).
function noteOperation(job, operation) {
  if (typeof job !== "string" || typeof operation !== "string") return;
  i18n.jobOperations.delete(job);
  i18n.jobOperations.set(job, operation);
  if (i18n.jobOperations.size > 10000) i18n.jobOperations.delete(i18n.jobOperations.keys().next().value);
}

// The operation whose texts translate p (a question), when the page knows its job's.
function operationOf(p) {
  return p && typeof p.job === "string" ? i18n.jobOperations.get(p.job) : undefined;
}

function localizationOf(thing) {
  const l = thing && thing.localization;
  return l && typeof l.key === "string" ? l : null;
}

function part(p, name, fallback) {
  const l = localizationOf(p);
  return l ? localize(l.key + "." + name, l.arguments, fallback, operationOf(p)) : fallback;
}

const titleOf = (p) => part(p, "title", String(p.title || ""));
const messageOf = (p) => (p.message == null ? null : part(p, "message", String(p.message)));
function reasonOf(p) {
  const reason = p.error && p.error.failureReason;
  return reason == null ? null : ui("resolver.reason", part(p, "failureReason", String(reason)));
}
// An action's label; p is the question it belongs to.
function labelOf(action, p) {
  const l = localizationOf(action);
  return l ? localize(l.key, l.arguments, String(action.label), operationOf(p)) : String(action.label);
}

function age(timestamp) {
  const seconds = Math.max(0, Math.floor((Date.now() - Date.parse(timestamp)) / 1000));
  if (!Number.isFinite(seconds) || seconds < 5) return ui("resolver.age.now");
  if (seconds < 60) return ui("resolver.age.seconds", seconds);
  if (seconds < 3600) return ui("resolver.age.minutes", Math.floor(seconds / 60));
  if (seconds < 86400) return ui("resolver.age.hours", Math.floor(seconds / 3600));
  return ui("resolver.age.days", Math.floor(seconds / 86400));
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

// Shows text in the problem paragraph id (hides it for null); a 401 is not shown, as the sign-in
// prompt says what to do.
function showFailure(id, key, result) {
  showProblem(id, result.status === 401 ? null : ui(key, problem(result)));
}

function showProblem(id, text) {
  const node = $(id);
  node.textContent = text || "";
  node.hidden = !text;
}

// Each operation's one-line summary, as its workers announced it (GET /v1/operations); a job is headed
// by its operation's name, with the summary below it, in the reader's language when the operation's
// catalog has its `<name>.summary` key. An operation not seen yet is asked for again, at most every 30 s.
const operations = { summaries: new Map(), askedAt: 0 };

function operationSummary(name) {
  const summary = operations.summaries.get(name);
  return summary ? localize(`${name}.summary`, [], summary, name) : null;
}

async function loadOperations(names) {
  const missing = (names || []).some((name) => typeof name === "string" && !operations.summaries.has(name));
  if (names && (!missing || Date.now() - operations.askedAt < 30000)) return false;
  operations.askedAt = Date.now();
  const result = await request("GET", "/v1/operations");
  if (!result.ok || !result.data || !Array.isArray(result.data.operations)) return false;
  for (const info of result.data.operations) {
    if (info && typeof info.name === "string" && typeof info.summary === "string" && info.summary) {
      operations.summaries.set(info.name, info.summary);
    }
  }
  return true;
}

// A same-origin JSON request, bounded by REQUEST_TIMEOUT_MS. Never throws: a network failure or
// a timeout comes back as status 0 with `failure` set; a 401 shows the sign-in prompt.
async function request(method, url, body) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const init = {
    method, cache: "no-store", credentials: "same-origin", redirect: "error", signal: controller.signal,
    headers: { "Accept": "application/json", "X-Interlude-Channel": "web" },
  };
  if (auth.token) init.headers["Authorization"] = `Bearer ${auth.token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(url, init);
    if (response.status === 401) signedOut();
    let data = null;
    try { data = await response.json(); } catch (ignored) { data = null; }
    return { status: response.status, ok: response.ok, data };
  } catch (error) {
    return { status: 0, ok: false, data: null, failure: controller.signal.aborted ? ui("page.timeout") : ui("page.network") };
  } finally {
    clearTimeout(timer);
  }
}

// "409 presentation … was already answered" or "no connection to the server", for messages.
function problem(result) {
  if (result.status === 0) return result.failure;
  const error = result.data && result.data.error;
  return error && error.message ? `${result.status}: ${error.message}` : `HTTP ${result.status}`;
}
