#!/usr/bin/python3
"""A shipped question's title takes the plural form of its count in the web page, in headless Chromium
(Selenium; Debian chromium, chromium-driver, python3-selenium). Run by
Tests/EndToEndTests/BrowserPluralTests.swift with /usr/bin/python3.

  page_plural.py --url URL --screenshots DIR --one ID --three ID

--one and --three are clearDownloads questions about one download and about three. Checks: a page
read in Spanish titles them "¿Eliminar 1 descarga?" and "¿Eliminar 3 descargas?", the operation's
catalog's plural forms (the questions' own text is English).

Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the last line printed
is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import sys

from selenium.webdriver.common.by import By

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, open_from_list, shoot, start_browser  # noqa: E402


def title(driver, presentation):
    """The title of the question's dialog, opened from the list, then closed again."""
    dialog = open_from_list(driver, presentation)
    # textContent, not .text: the words are the same while the dialog is still opening (not yet rendered).
    text = dialog.find_element(By.CSS_SELECTOR, "h2").get_attribute("textContent").strip()
    page.summary.setdefault("titles", {})[presentation] = text
    driver.execute_script("arguments[0].close(); arguments[0].remove();", dialog)
    return text


def plurals(args):
    driver = start_browser(args, language="es-ES")
    try:
        driver.get(args.url)
        one = title(driver, args.one)
        check(one == "¿Eliminar 1 descarga?", f"one download takes the one form ({one!r})")
        three = title(driver, args.three)
        check(three == "¿Eliminar 3 descargas?", f"three downloads take the other form ({three!r})")
        shoot(driver, args, "plural.png")
        page.no_csp_violations(driver)
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(page.run_scenario(plurals, ["one", "three"], __doc__))
