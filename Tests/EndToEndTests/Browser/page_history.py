#!/usr/bin/python3
"""The page from load and its job history, in headless Chromium (Selenium; Debian chromium,
chromium-driver, python3-selenium). Run by Tests/EndToEndTests/BrowserHistoryTests.swift with /usr/bin/python3.

  page_history.py keyboard --url URL --screenshots DIR --first ID --second ID
      Two questions wait. With nothing clicked or tabbed to, the down arrow moves from the first
      question to the second, the up arrow back, and Enter opens it.
  page_history.py history --url URL --screenshots DIR --export JOB --question ID --newest JOB
      --export is an exportProject job whose Use Another Folder was refused once (no folder) and then
      answered; 21 noop jobs are newer (--newest the last); --question waits, with a day's deadline.
      Checks: 20 rows, each headed by its operation's name with the summary below; the operation filter
      lists names; Show more lists the older jobs; the opened export names Use Another Folder (its
      label) in its outcome and its refusal, shows its result (the archive) and its dates; the
      question's deadline says tomorrow when it falls tomorrow.
  page_history.py spanish --url URL --screenshots DIR --job JOB
      In a Spanish browser, --job's row reads removeDownload's summary in Spanish.

Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the last line printed
is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, dialog_of, open_from_list, shoot, start_browser, wait  # noqa: E402

REMOVE_SUMMARY = "Remove a downloaded track once a person confirms"
REMOVE_SUMMARY_ES = "Eliminar una pista descargada cuando una persona lo confirma"


def active(driver, attribute):
    return driver.execute_script(f"return document.activeElement && document.activeElement.getAttribute('{attribute}')")


def rows(driver):
    """Each job row's id, name and summary, read in one script (the list is redrawn as events arrive)."""
    return driver.execute_script("""return [...document.querySelectorAll('#jobs li')].map((li) => [li.dataset.job,
        (li.querySelector('.job-name') || {}).textContent, (li.querySelector('.job-summary') || {}).textContent])""")


def keyboard(args):
    driver = start_browser(args)
    try:
        driver.get(args.url)
        wait(driver, "the first question to have focus", lambda d: active(d, "data-presentation") == args.first)
        driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
        check(active(driver, "data-presentation") == args.second, "the down arrow, with nothing clicked, moves to the second question")
        driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
        check(active(driver, "data-presentation") == args.first, "the up arrow moves back")
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait(driver, "Enter to open the first question", lambda d: dialog_of(d, args.first))
        page.no_csp_violations(driver)
    finally:
        driver.quit()


def listing(driver, args):
    shown = wait(driver, "the 20 newest jobs", lambda d: (r := rows(d)) and r[0][0] == args.newest and len(r) == 20 and r)
    check(all(name == "noop" and summary == "Do nothing and ask nothing (for benchmarks)" for _, name, summary in shown),
          f"each row is headed by its operation's name, its summary below ({shown[:2]})")
    check(args.export not in [job for job, _, _ in shown], "the export is older than the newest 20")
    options = driver.execute_script("return [...document.querySelectorAll('#filter-operation option')].slice(1).map((o) => [o.value, o.textContent])")
    check(options and all(value == text for value, text in options), f"the operation filter lists names ({options})")
    more = driver.find_element(By.ID, "jobs-more")
    check(more.is_displayed(), "Show more is offered past the newest 20")
    shoot(driver, args, "history-newest.png")
    page.click(driver, "Show more", "#jobs-more")
    older = wait(driver, "the older jobs", lambda d: (r := rows(d)) and len(r) > 20 and r)
    check(args.export in [job for job, _, _ in older], f"Show more lists the export ({len(older)} rows)")
    check(len(older) == 23 and len({job for job, _, _ in older}) == 23, f"every job once ({len(older)} rows)")
    wait(driver, "Show more to go once nothing older is left", lambda d: not d.find_element(By.ID, "jobs-more").is_displayed())


def opened_export(driver, args):
    page.click(driver, "the export", f'#jobs button.open[data-job="{args.export}"]')
    details = wait(driver, "the export's details", lambda d: next(iter(d.find_elements(By.CSS_SELECTOR, f'dialog.details[open][data-job="{args.export}"]')), None))
    lines = wait(driver, "the timeline", lambda d: [li.text for li in details.find_elements(By.CSS_SELECTOR, ".history li")] or None)
    text = details.text
    page.summary["export"] = text
    check("exportProject" == details.find_element(By.CSS_SELECTOR, "h2").text, "the details are headed by the operation's name")
    check("Outcome: Use Another Folder (answered)" in text, f"the outcome names the action's label ({text!r})")
    check(any("Refused: Use Another Folder from anonymous (http) [invalidAnswer]" in line for line in lines), f"the refusal names the label ({lines})")
    check(any("Answered by anonymous (http) with Use Another Folder" in line for line in lines), f"the answer names the label ({lines})")
    result = details.find_element(By.CSS_SELECTOR, ".result").text
    check("archive: " in result and "atlas.tar.gz" in result, f"the result shows the archive ({result!r})")
    year = str(driver.execute_script("return new Date().getFullYear()"))
    dates = details.find_element(By.CSS_SELECTOR, ".dates").text
    check(dates.startswith("Submitted ") and year in dates and "updated " in dates, f"the dates ({dates!r})")
    shoot(driver, args, "history-export.png")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, "the details to close", lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.details"))


def deadline(driver, args):
    dialog = open_from_list(driver, args.question)
    text = dialog.find_element(By.CSS_SELECTOR, ".deadline").text
    tomorrow = driver.execute_script("""const p = arguments[0]; const end = new Date(p); const next = new Date();
        next.setDate(next.getDate() + 1); return end.toDateString() === next.toDateString()""", driver.execute_script(
        "return document.querySelector('dialog[open] .deadline').dataset.expires"))
    page.summary["deadline"] = text
    check(text.startswith("Answer within "), f"the deadline ({text!r})")
    check(("by tomorrow, " in text) == tomorrow, f"it says tomorrow exactly when the deadline falls tomorrow ({text!r}, tomorrow: {tomorrow})")


def history(args):
    driver = start_browser(args)
    try:
        driver.get(args.url)
        listing(driver, args)
        opened_export(driver, args)
        deadline(driver, args)
        page.no_csp_violations(driver)
    finally:
        driver.quit()


def spanish(args):
    driver = start_browser(args, language="es")
    try:
        driver.get(args.url)
        summary = wait(driver, "the job's row", lambda d: next((s for job, _, s in rows(d) if job == args.job), None))
        check(summary == REMOVE_SUMMARY_ES, f"removeDownload's summary in Spanish ({summary!r})")
        check(REMOVE_SUMMARY not in driver.find_element(By.TAG_NAME, "body").text, "no English summary")
        shoot(driver, args, "history-spanish.png")
        page.no_csp_violations(driver)
    finally:
        driver.quit()


def main():
    def add_arguments(parser):
        parser.add_argument("scenario", choices=["keyboard", "history", "spanish"])
        for name in ["first", "second", "export", "question", "newest", "job"]:
            parser.add_argument(f"--{name}")
    scenarios = {"keyboard": keyboard, "history": history, "spanish": spanish}
    return page.run_scenario(lambda args: scenarios[args.scenario](args), [], __doc__, add_arguments)


if __name__ == "__main__":
    sys.exit(main())
