#!/usr/bin/python3
"""An open page shows the texts of a catalog version announced after it loaded, without a reload, in
headless Chromium (Selenium). Run by Tests/EndToEndTests/BrowserCatalogTests.swift with /usr/bin/python3.

  page_catalog_refresh.py --url URL --screenshots DIR --question ID --marker FILE

--question is a question of aaTexts whose key is aaTexts.ask, announced first with the English title
"First version". The script opens it, checks that title, writes FILE (the test then announces a second
version, "Second version") and waits for the open dialog's title to become it.

Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the last line printed
is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import sys

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, dialog_of, open_from_list, shoot, start_browser, wait  # noqa: E402


def title_of(driver, presentation):
    """The open dialog's title; None while there is none, or while the page is drawing it anew."""
    try:
        dialog = dialog_of(driver, presentation)
        return dialog.find_element(By.CSS_SELECTOR, "h2").get_attribute("textContent").strip() if dialog else None
    except StaleElementReferenceException:
        return None


def refresh(args):
    driver = start_browser(args)
    try:
        driver.get(args.url)
        open_from_list(driver, args.question)
        check(title_of(driver, args.question) == "First version", "the question shows the first version's title")
        with open(args.marker, "w") as marker:
            marker.write("loaded\n")
        wait(driver, "the second version's title in the open dialog",
             lambda d: title_of(d, args.question) == "Second version")
        check(True, "the open dialog shows the second version's title without a reload")
        shoot(driver, args, "catalog-refresh.png")
        page.no_csp_violations(driver)
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(page.run_scenario(refresh, ["question", "marker"], __doc__))
