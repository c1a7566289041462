#!/usr/bin/python3
"""Each question's texts come from its own operation's catalog in the web page, in headless Chromium
(Selenium; Debian chromium, chromium-driver, python3-selenium). Run by
Tests/EndToEndTests/BrowserTests.swift with /usr/bin/python3.

  page_catalog.py --url URL --screenshots DIR --remove ID --first ID --second ID

--remove is a Remove download question, --first and --second questions of aaFirst and zzSecond, two
operations whose catalogs both define action.go (as "Go first" and "Go second") and whose questions
both name it. Checks: Remove download keeps its shipped title and Remove button; each of the other
two shows its own operation's label for action.go, not the other's.

Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the last line printed
is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import sys

from selenium.webdriver.common.by import By

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, open_from_list, shoot, start_browser  # noqa: E402


def texts(driver, presentation):
    """The open dialog's title and the label of each of its buttons, by action id."""
    dialog = open_from_list(driver, presentation)
    # textContent, not .text: the words are the same while the dialog is still opening (not yet rendered).
    title = dialog.find_element(By.CSS_SELECTOR, "h2").get_attribute("textContent").strip()
    labels = {b.get_attribute("data-action"): b.get_attribute("textContent").strip()
              for b in dialog.find_elements(By.CSS_SELECTOR, "button.action")}
    page.summary.setdefault("dialogs", {})[presentation] = {"title": title, "labels": labels}
    return dialog, title, labels


def close(driver, dialog):
    driver.execute_script("arguments[0].close(); arguments[0].remove();", dialog)


def catalogs(args):
    driver = start_browser(args)
    try:
        driver.get(args.url)
        dialog, title, labels = texts(driver, args.remove)
        check(title == "Remove download" and labels.get("remove") == "Remove",
              f"Remove download keeps its shipped texts ({title!r}, {labels})")
        shoot(driver, args, "catalog-remove.png")
        close(driver, dialog)
        dialog, _, labels = texts(driver, args.first)
        check(labels.get("go") == "Go first", f"aaFirst's question uses aaFirst's action.go ({labels})")
        close(driver, dialog)
        dialog, _, labels = texts(driver, args.second)
        check(labels.get("go") == "Go second", f"zzSecond's question uses zzSecond's action.go, not aaFirst's ({labels})")
        shoot(driver, args, "catalog-second.png")
        page.no_csp_violations(driver)
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(page.run_scenario(catalogs, ["remove", "first", "second"], __doc__))
