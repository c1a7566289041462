#!/usr/bin/python3
"""A question whose action needs two people, in the web page, in headless Chromium (Selenium; Debian
chromium, chromium-driver, python3-selenium). Run by Tests/EndToEndTests/BrowserApprovalTests.swift
with /usr/bin/python3.

  page_approvals.py --url URL --screenshots DIR --first ID --second ID

--first and --second are deployRelease questions (Deploy needs two approvals) for ana and the page's
caller (anonymous); ana approved --first before the page opened. Checks: the inbox shows --first's
"Deploy: 1 of 2 approvals (ana)"; Deploy on --second keeps its dialog open saying the approval is
recorded, 1 of 2 (anonymous); Deploy on --first resolves it ("You answered: Deploy").

Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the last line printed
is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import sys

from selenium.webdriver.common.by import By

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, click, dialog_of, open_from_list, shoot, start_browser, wait  # noqa: E402


def text_of(driver, selector):
    """The text of the first element `selector` finds, read in one script: the inbox is redrawn as events come,
    so an element found first and read afterwards may be gone."""
    return driver.execute_script("const n = document.querySelector(arguments[0]); return n ? n.innerText : '';", selector)


def listed(driver, presentation):
    """The text of the question's item in the inbox."""
    return text_of(driver, f'#pending-list button.open[data-presentation="{presentation}"]')


def approvals(args):
    driver = start_browser(args)
    try:
        driver.get(args.url)
        item = wait(driver, "the first question's approvals in the inbox",
                    lambda d: listed(d, args.first) if "Deploy: 1 of 2 approvals (ana)" in listed(d, args.first) else None)
        page.summary["first"] = item
        open_from_list(driver, args.second)
        # Clicked once it can be: the dialog may still be opening.
        click(driver, "Deploy on the second question", f'dialog[data-presentation="{args.second}"] button[data-action="deploy"]')
        status_selector = f'dialog[data-presentation="{args.second}"] .dialog-status'
        status = wait(driver, "the second question's approval to be recorded",
                      lambda d: (lambda s: s if "Your approval is recorded" in s else None)(text_of(d, status_selector)))
        page.summary["second"] = status
        check("1 of 2 approvals (anonymous)" in status, f"the dialog says where the approvals stand ({status!r})")
        check(dialog_of(driver, args.second) is not None, "the dialog stays open: the question still waits")
        shoot(driver, args, "approval-recorded.png")
        driver.execute_script("const d = document.querySelector(arguments[0]); if (d) { d.close(); d.remove(); }",
                              f'dialog[data-presentation="{args.second}"]')
        open_from_list(driver, args.first)
        click(driver, "Deploy on the first question", f'dialog[data-presentation="{args.first}"] button[data-action="deploy"]')
        wait(driver, "the first dialog to close", lambda d: not d.find_elements(By.CSS_SELECTOR, f'dialog[data-presentation="{args.first}"]'))
        wait(driver, "the notice", lambda d: "You answered: Deploy" in text_of(d, "#notices"))
        page.no_csp_violations(driver)
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(page.run_scenario(approvals, ["first", "second"], __doc__))
