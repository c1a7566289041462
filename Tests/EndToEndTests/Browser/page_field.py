#!/usr/bin/python3
"""A question with a text field in the web page, in headless Chromium (Selenium; Debian chromium,
chromium-driver, python3-selenium). Run by Tests/EndToEndTests/BrowserTests.swift with /usr/bin/python3.

  page_field.py --url URL --screenshots DIR --presentation ID --folder PATH

The question is exportProject's "Can't reach the destination", whose Use Another Folder asks for a
folder. Checks: the dialog shows a labelled "Folder" input with its placeholder, focused; Use Another
Folder with the field empty is refused by the server and the page marks the field and says
"Folder: is required"; with --folder typed, Enter answers with Use Another Folder and the dialog
closes with "You answered: Use Another Folder".

Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the last line printed
is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, open_from_list, shoot, start_browser, wait  # noqa: E402


def under(driver, selector, box):
    """The field sits right under Use Another Folder, after Try Again and before Cancel."""
    def top_and_bottom(action):
        return driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom]",
                                     driver.find_element(By.CSS_SELECTOR, f'{selector} button[data-action="{action}"]'))
    field = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom]", box)
    retry, another, cancel = top_and_bottom("retry"), top_and_bottom("useAnotherFolder"), top_and_bottom("cancel")
    page.summary["layout"] = {"retry": retry, "useAnotherFolder": another, "field": field, "cancel": cancel}
    check(retry[1] <= another[0] and another[1] <= field[0] and field[1] <= cancel[0],
          f"the field shows only under its action: Try Again, Use Another Folder, the field, Cancel ({page.summary['layout']})")


def field(args):
    driver = start_browser(args)
    try:
        driver.get(args.url)
        dialog = open_from_list(driver, args.presentation)
        selector = f'dialog[open][data-presentation="{args.presentation}"]'
        box = wait(driver, "the folder input", lambda d: d.find_elements(By.CSS_SELECTOR, f'{selector} input.field[data-field="folder"]'))[0]
        label = driver.find_element(By.CSS_SELECTOR, f'{selector} label[for="{box.get_attribute("id")}"]').text
        check(label == "Folder", f"the field is labelled Folder ({label!r})")
        check(box.get_attribute("type") == "text" and box.get_attribute("placeholder") == "e.g. library/exports/…",
              f"a text input whose placeholder reads as an example ({box.get_attribute('type')}, {box.get_attribute('placeholder')!r})")
        style = driver.execute_script("const s = getComputedStyle(arguments[0], '::placeholder'); return [s.fontStyle, s.color, getComputedStyle(arguments[0]).color]", box)
        check(style[0] == "italic" and style[1] != style[2], f"the placeholder is grey italics, not the value's colour ({style})")
        under(driver, selector, box)
        check(page.driver_focus(driver) == box.get_attribute("id"), "the field has focus")
        page.click(driver, "Use Another Folder", f'{selector} button[data-action="useAnotherFolder"]')
        status = wait(driver, "the refusal naming the field",
                      lambda d: (t := d.find_element(By.CSS_SELECTOR, f"{selector} .dialog-status").text) and "Folder: is required" in t and t)
        page.summary["refusal"] = status
        check(box.get_attribute("aria-invalid") == "true", "the field is marked invalid")
        shoot(driver, args, "field-refused.png")
        box.send_keys(args.folder)
        box.send_keys(Keys.ENTER)
        wait(driver, "the dialog to close", lambda d: not d.find_elements(By.CSS_SELECTOR, f'dialog[data-presentation="{args.presentation}"]'))
        wait(driver, "the notice", lambda d: "You answered: Use Another Folder" in d.find_element(By.ID, "notices").text)
        page.no_csp_violations(driver)
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(page.run_scenario(field, ["presentation", "folder"], __doc__))
