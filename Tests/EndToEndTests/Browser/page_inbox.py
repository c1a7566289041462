#!/usr/bin/python3
"""The web page as an inbox, in headless Chromium (Selenium; Debian chromium, chromium-driver,
python3-selenium). Run by Tests/EndToEndTests/BrowserTests.swift with /usr/bin/python3.

  page_inbox.py --url URL --screenshots DIR --presentation ID --job ID --second ID --waiting-job ID
                --failed ID --forbid TEXT

The gateway has two questions waiting (--presentation of --job, Remove download; --second of
--waiting-job, Confirm operation, with a deadline) and a failed job (--failed) whose error message
names a server folder (--forbid); the second is meant for the page's caller (anonymous). Checks, in
order: "Connecting…" until the first snapshot (the page's requests for it are held back until then);
both questions listed, the one "For you" first, none opened by itself, "(2)" in the title; arrow
keys move through the list, Enter opens a question, Escape closes it
without answering and gives focus back to its item; the dialog shows the deadline; a click opens
the first and Cancel answers it ("(1)"); a question submitted meanwhile raises a notification
(the page is granted the permission by a stand-in for the browser's Notification); the job filters
(state, operation) and the search by id; a failure shows its title and code, never --forbid; an
opened job shows its timeline and its question's deadline. Every text meets WCAG AA (4.5:1) in
light and dark, on the page, in a question's dialog and in an opened job (contrast.js).

Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the last line printed
is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import os
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, dialog_of, open_from_list, shoot, start_browser, wait  # noqa: E402

CONTRAST = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "contrast.js")).read()

# Before the page's own script: notifications are allowed and recorded, and the page's requests for
# the pending snapshot wait until the test calls __openSnapshots().
HOOKS = """
window.__notes = [];
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body, tag: options && options.tag }); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
let release;
const gate = new Promise((resolve) => { release = resolve; });
window.__openSnapshots = () => { window.__snapshotsOpen = true; release(); };
const original = window.fetch.bind(window);
window.fetch = async (url, init) => {
  if (String(url).startsWith("/v1/presentations") && !window.__snapshotsOpen) await gate;
  return original(url, init);
};
"""


# Read in one script: the lists are redrawn as events arrive, so elements found earlier may be gone.
def listed(driver):
    return driver.execute_script("return [...document.querySelectorAll('#pending-list button.open')].map((b) => b.dataset.presentation)")


def active(driver, attribute):
    return driver.execute_script(f"return document.activeElement && document.activeElement.getAttribute('{attribute}')")


def contrast(driver, where, scheme):
    result = driver.execute_script(CONTRAST)
    summary = page.summary.setdefault("contrast", {})
    summary[f"{scheme} {where}"] = result["min"]
    check(result["count"] > 0, f"{scheme} {where}: there are texts to measure")
    check(result["min"] >= 4.5, f"{scheme} {where}: every text has at least 4.5:1 contrast ({result['texts']})")


def jobs_shown(driver):
    return [tuple(pair) for pair in driver.execute_script("return [...document.querySelectorAll('#jobs li')].map((li) => [li.dataset.job, li.dataset.state])")]


def text_of(driver, selector):
    return driver.execute_script("const n = document.querySelector(arguments[0]); return n ? n.innerText : null", selector)


def open_job(driver, job):
    page.click(driver, f"{job} in the job list", f'#jobs button.open[data-job="{job}"]')
    return wait(driver, f"the details of {job}", lambda d: next(iter(d.find_elements(By.CSS_SELECTOR, f'dialog.details[open][data-job="{job}"]')), None))


def close_with_escape(driver, selector, what):
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, f"{what} to close", lambda d: not d.find_elements(By.CSS_SELECTOR, selector))


def snapshot_and_list(driver, args):
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOKS})
    driver.get(args.url)
    wait(driver, "the job list (loaded while the snapshot is held back)", lambda d: d.find_elements(By.CSS_SELECTOR, "#jobs li"))
    empty = driver.find_element(By.ID, "pending-empty")
    check(empty.is_displayed() and empty.text == "Connecting…", f"the inbox says Connecting… before its first snapshot ({empty.text!r})")
    driver.execute_script("window.__openSnapshots()")
    wait(driver, "both questions in the list", lambda d: set(listed(d)) >= {args.presentation, args.second})
    check(listed(driver)[:2] == [args.second, args.presentation], f"the question meant for this person first ({listed(driver)})")
    badge = text_of(driver, f'#pending-list button.open[data-presentation="{args.second}"] .for-you')
    check(badge == "For you", f"it says so ({badge!r})")
    check(not driver.find_element(By.ID, "pending-empty").is_displayed(), "no empty-inbox text beside the questions")
    check(driver.title == "(2) Interlude", f"the title counts the waiting questions ({driver.title!r})")
    time.sleep(1)  # what is checked is that nothing happens
    check(not driver.find_elements(By.CSS_SELECTOR, "dialog[open]"), "no dialog opens by itself")


def keyboard(driver, args):
    first = driver.find_element(By.CSS_SELECTOR, f'#pending-list button.open[data-presentation="{args.second}"]')
    driver.execute_script("arguments[0].focus()", first)
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    check(active(driver, "data-presentation") == args.presentation, "the down arrow moves to the next question")
    driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
    check(active(driver, "data-presentation") == args.second, "the up arrow moves back")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    dialog = wait(driver, "Enter to open the question", lambda d: dialog_of(d, args.second))
    check(driver.execute_script("return arguments[0].contains(document.activeElement)", dialog), "focus moves into the dialog")
    deadline = dialog.find_element(By.CSS_SELECTOR, ".deadline").text
    check(deadline.startswith("Answer within "), f"the dialog shows the question's deadline ({deadline!r})")
    page.summary["deadline"] = deadline
    shoot(driver, args, "inbox-dialog-light.png")
    contrast(driver, "dialog", "light")
    close_with_escape(driver, f'dialog[data-presentation="{args.second}"]', "Escape")
    check(args.second in listed(driver), "Escape answers nothing: the question is still listed")
    check(active(driver, "data-presentation") == args.second, "focus is back on the question's item")


def answer_and_notify(driver, args):
    open_from_list(driver, args.presentation)
    page.click(driver, "Cancel (once the sheet has slid in)", f'dialog[open][data-presentation="{args.presentation}"] button[data-action="cancel"]')
    wait(driver, "the answer's notice", lambda d: "You answered: Cancel" in d.find_element(By.ID, "notices").text)
    wait(driver, "the title to count one", lambda d: d.title == "(1) Interlude")
    check(not driver.execute_script("return window.__notes.length"), "no notification for the questions found on loading")
    created = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch("/v1/operations", { method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ operation: "resetPreferences" }) }).then((r) => r.json()).then((job) => done(job.id), () => done(null));
    """)
    check(bool(created), "the page's origin submitted a new job")
    notes = wait(driver, "a notification for the new question", lambda d: d.execute_script("return window.__notes") or None)
    fresh = [p for p in listed(driver) if p not in (args.presentation, args.second)]
    check(notes[0]["title"] == "Confirm operation" and fresh and notes[0]["tag"] == fresh[0], f"the notification names the new question ({notes}, {fresh})")
    wait(driver, "the title to count two", lambda d: d.title == "(2) Interlude")
    page.summary["notification"] = notes[0]


def filters(driver, args):
    Select(driver.find_element(By.ID, "filter-state")).select_by_value("failed")
    wait(driver, "only failed jobs", lambda d: jobs_shown(d) and all(s == "failed" for _, s in jobs_shown(d)))
    item = text_of(driver, f'#jobs li[data-job="{args.failed}"]') or ""
    check("Backup not found [backupNotFound]" in item, f"a failure shows its title and code ({item!r})")
    check(args.forbid not in driver.find_element(By.TAG_NAME, "body").text, "no server path on the page")
    Select(driver.find_element(By.ID, "filter-state")).select_by_value("")
    wait(driver, "every state again", lambda d: any(s != "failed" for _, s in jobs_shown(d)))
    Select(driver.find_element(By.ID, "filter-operation")).select_by_value("removeDownload")
    names = driver.execute_script("return [...document.querySelectorAll('#jobs .job-name')].map((n) => n.title)")
    check(names and all(n == "removeDownload" for n in names), f"the operation filter ({names})")
    Select(driver.find_element(By.ID, "filter-operation")).select_by_value("")
    driver.find_element(By.ID, "filter-search").send_keys(args.failed)
    wait(driver, "the search by id", lambda d: [j for j, _ in jobs_shown(d)] == [args.failed])
    driver.find_element(By.ID, "filter-search").clear()
    driver.execute_script("document.getElementById('filter-search').dispatchEvent(new Event('input'))")
    wait(driver, "every job again", lambda d: len(jobs_shown(d)) >= 4)


def opened_jobs(driver, args, scheme):
    wait(driver, "the answered job to end", lambda d: (args.job, "succeeded") in jobs_shown(d))
    details = open_job(driver, args.job)
    lines = wait(driver, "the timeline", lambda d: [li.text for li in details.find_elements(By.CSS_SELECTOR, ".history li")] or None)
    text = "\n".join(lines)
    for expected in ["Queued", "Dispatched to ", "Asked: Remove download", "with Cancel", "Finished: Succeeded"]:
        check(expected in text, f"the timeline has {expected!r} ({lines})")
    check("Outcome: Cancel (answered)" in details.text, f"the outcome names the action by its label ({details.text!r})")
    page.summary["timeline"] = lines
    contrast(driver, "job", scheme)
    close_with_escape(driver, "dialog.details", "the job")
    details = open_job(driver, args.waiting_job)
    deadline = details.find_element(By.CSS_SELECTOR, ".deadline").text
    check(deadline.startswith("Answer within "), f"an opened waiting job shows its question's deadline ({deadline!r})")
    shoot(driver, args, f"inbox-job-{scheme}.png")
    close_with_escape(driver, "dialog.details", "the waiting job")


def dark(driver, args):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    check(background == "rgb(0, 0, 0)", f"the page is dark ({background})")
    contrast(driver, "page", "dark")
    open_from_list(driver, args.second)
    contrast(driver, "dialog", "dark")
    shoot(driver, args, "inbox-dialog-dark.png")
    close_with_escape(driver, "dialog[open]", "the dark dialog")
    opened_jobs(driver, args, "dark")


def inbox(args):
    driver = start_browser(args)
    try:
        snapshot_and_list(driver, args)
        contrast(driver, "page", "light")
        shoot(driver, args, "inbox-light.png")
        keyboard(driver, args)
        answer_and_notify(driver, args)
        filters(driver, args)
        opened_jobs(driver, args, "light")
        dark(driver, args)
        page.no_csp_violations(driver)
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(page.run_scenario(inbox, ["presentation", "job", "second", "waiting-job", "failed", "forbid"], __doc__))
