#!/usr/bin/python3
"""A question whose audience widens while the page is open, in headless Chromium (Selenium; Debian
chromium, chromium-driver, python3-selenium). Run by Tests/EndToEndTests/BrowserEscalationTests.swift
with /usr/bin/python3.

  page_escalation.py --url URL --screenshots DIR --presentation ID --job ID

--presentation (of --job) is for ana only and escalates to the page's caller (anonymous) some seconds
after it was asked. Checks: the list says "For ana only" at first; the escalation, arriving on the
live stream, makes it "For you" without a reload; Deploy answers it; the opened job's timeline says
"Escalated: now for ana, anonymous".

Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the last line printed
is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import sys

from selenium.webdriver.common.by import By

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, open_from_list, shoot, start_browser, wait  # noqa: E402


def item(driver, presentation):
    """The text of the question's item in the inbox list, or None."""
    return driver.execute_script(
        "const b = document.querySelector(`#pending-list button.open[data-presentation=\"${arguments[0]}\"]`); return b ? b.innerText : null",
        presentation)


def escalation(args):
    driver = start_browser(args)
    try:
        driver.get(args.url)
        before = wait(driver, "the question in the list", lambda d: item(d, args.presentation))
        page.summary["before"] = before
        check("For ana only" in before and "For you" not in before, f"before its escalation the question is for ana only ({before!r})")
        after = wait(driver, "the escalation to make it for this person", lambda d: (t := item(d, args.presentation)) and "For you" in t and t)
        page.summary["after"] = after
        check("For ana only" not in after, f"after it, it is for this person ({after!r})")
        dialog = open_from_list(driver, args.presentation)
        dialog.find_element(By.CSS_SELECTOR, 'button[data-action="deploy"]').click()
        wait(driver, "the dialog to close", lambda d: not d.find_elements(By.CSS_SELECTOR, f'dialog[data-presentation="{args.presentation}"]'))
        wait(driver, "the notice", lambda d: "You answered: Deploy" in d.find_element(By.ID, "notices").text)
        page.click(driver, f"{args.job} in the job list", f'#jobs button.open[data-job="{args.job}"]')
        details = wait(driver, "the job's details", lambda d: next(iter(d.find_elements(By.CSS_SELECTOR, f'dialog.details[open][data-job="{args.job}"]')), None))
        lines = wait(driver, "the timeline", lambda d: [li.text for li in details.find_elements(By.CSS_SELECTOR, ".history li")] or None)
        page.summary["history"] = lines
        check(any("Escalated: now for ana, anonymous" in line for line in lines), f"the timeline says it escalated, to whom ({lines})")
        shoot(driver, args, "escalated-history.png")
        page.no_csp_violations(driver)
    finally:
        driver.quit()


def main():
    return page.run_scenario(escalation, ["presentation", "job"], __doc__)


if __name__ == "__main__":
    sys.exit(main())
