#!/usr/bin/python3
"""Drives Interlude's web page in headless Chromium (Selenium; Debian chromium, chromium-driver,
python3-selenium). Run by Tests/EndToEndTests/BrowserTests.swift; run it with /usr/bin/python3 so it
sees Debian's selenium.

  answer_in_page.py answer    --url URL --presentation ID --screenshots DIR
      Waits for the "Remove download" dialog, checks it (a confirmation dialog, title visible, Remove
      red, Cancel bold, focus inside), screenshots it on a desktop and a phone-sized window, clicks
      Remove and waits until the dialog closes with "You answered: Remove".
  answer_in_page.py elsewhere --url URL --presentation ID --screenshots DIR --expect TEXT
      Waits for the dialog, prints "ready", then waits until it closes with a notice containing TEXT
      (the test answers it through the CLI meanwhile).

Every wait is bounded; the whole run gives up after 80 s. Exit status: 0 passed, 1 a check failed,
3 the browser could not be started. The last line printed is a JSON summary.
"""
import argparse
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import (ElementClickInterceptedException, ElementNotInteractableException,
                                        StaleElementReferenceException, TimeoutException, WebDriverException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT_SECONDS = 20
summary = {"checks": []}
profiles = []


class CheckFailed(Exception):
    pass


class BrowserUnavailable(Exception):
    pass


def check(condition, what):
    summary["checks"].append(what)
    if not condition:
        raise CheckFailed(what)


def give_up(signum, frame):
    raise TimeoutError("the whole run took longer than 80 s")


def start_browser(args, phone=False, language="en-US"):
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    profile = tempfile.mkdtemp(prefix="interlude-chromium-")
    profiles.append(profile)
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     "--disable-extensions", "--hide-scrollbars", f"--lang={language}", f"--user-data-dir={profile}",
                     "--window-size=1280,800"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": f"{language},{language.split('-')[0]}"})
    if phone:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    except WebDriverException as failure:
        raise BrowserUnavailable(f"{args.chromium} with {args.chromedriver} did not start: {failure.msg}")
    driver.set_page_load_timeout(WAIT_SECONDS)
    driver.set_script_timeout(WAIT_SECONDS)
    return driver


def wait(driver, what, condition):
    try:
        return WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.1).until(lambda d: condition(d))
    except TimeoutException:
        raise CheckFailed(f"timed out after {WAIT_SECONDS} s waiting for {what}")


def click(driver, what, selector):
    """Clicks the element `selector` finds, once it is there; found again if the page redrew it meanwhile."""
    def attempt(d):
        try:
            found = d.find_elements(By.CSS_SELECTOR, selector)
            if found:
                found[0].click()
                return True
        except (StaleElementReferenceException, ElementNotInteractableException, ElementClickInterceptedException) as failure:
            summary["lastClickProblem"] = failure.msg
        return False
    wait(driver, what, attempt)


def open_from_list(driver, presentation):
    """Clicks the question in the inbox list and returns its dialog: the page opens none by itself."""
    click(driver, f"{presentation} in the list", f'#pending-list button.open[data-presentation="{presentation}"]')
    return wait(driver, f"the dialog of {presentation}", lambda d: dialog_of(d, presentation))


def driver_focus(driver):
    """The id of the focused element."""
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def dialog_of(driver, presentation):
    found = driver.find_elements(By.CSS_SELECTOR, f'dialog[open][data-presentation="{presentation}"]')
    return found[0] if found and found[0].is_displayed() else None


def rgb(text):
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)[:3]]
    return numbers if len(numbers) == 3 else [0, 0, 0]


def no_csp_violations(driver):
    messages = [entry["message"] for entry in driver.get_log("browser")]
    bad = [m for m in messages if "Content Security Policy" in m or "Refused to" in m]
    check(not bad, f"no CSP violations in the console ({bad})")
    severe = [m for m in messages if "favicon" not in m and "Uncaught" in m]
    check(not severe, f"no uncaught script errors ({severe})")


def shoot(driver, args, name):
    path = os.path.join(args.screenshots, name)
    driver.save_screenshot(path)
    summary.setdefault("screenshots", []).append(path)


def check_dialog(driver, dialog, phone):
    check(dialog.get_attribute("data-kind") == "confirmationDialog", "the question is shown as a confirmation dialog")
    check(dialog.get_attribute("role") == "dialog", "the dialog has role=dialog")
    title = driver.find_element(By.ID, dialog.get_attribute("aria-labelledby"))
    check(title.text == "Remove download" and title.is_displayed() and title.size["width"] > 0,
          f"the title is visible: {title.text!r}")
    check("Blue in Green will no longer be available offline." in dialog.text, "the message is shown")
    remove = dialog.find_element(By.CSS_SELECTOR, 'button[data-action="remove"]')
    red, green, blue = rgb(remove.value_of_css_property("color"))
    summary["removeColor"] = remove.value_of_css_property("color")
    check(remove.text == "Remove" and red >= 180 and green <= 110 and blue <= 110, f"Remove is red: {summary['removeColor']}")
    cancel = dialog.find_element(By.CSS_SELECTOR, 'button[data-action="cancel"]')
    check(int(cancel.value_of_css_property("font-weight")) >= 600, "Cancel is bold")
    buttons = dialog.find_elements(By.CSS_SELECTOR, "button.action")
    check(buttons[-1].get_attribute("data-action") == "cancel", "Cancel comes last")
    check(cancel.location["y"] > remove.location["y"], "Cancel sits below Remove")
    focused = driver.execute_script("return document.activeElement && document.activeElement.dataset.action")
    check(focused in ("remove", "cancel"), f"a button of the dialog has focus ({focused})")
    width = driver.execute_script("return window.innerWidth")
    height = driver.execute_script("return window.innerHeight")
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.bottom];", dialog)
    check(box[0] >= 0 and box[1] <= width, f"the dialog fits the {width} px wide window ({box})")
    check(height - box[2] < 40, f"the action sheet sits at the bottom ({box[2]} of {height})")
    if phone:
        check(width <= 400, f"the phone window is phone-sized ({width} px)")


def answer(args):
    phone = start_browser(args, phone=True)
    try:
        phone.get(args.url)
        dialog = open_from_list(phone, args.presentation)
        time.sleep(0.4)  # the sheet slides in for 0.25 s
        check_dialog(phone, dialog, phone=True)
        shoot(phone, args, "dialog-phone.png")
        no_csp_violations(phone)
    finally:
        phone.quit()
    driver = start_browser(args)
    try:
        driver.get(args.url)
        dialog = open_from_list(driver, args.presentation)
        time.sleep(0.4)
        check_dialog(driver, dialog, phone=False)
        summary_text = "Remove a downloaded track once a person confirms"
        names = wait(driver, "the job list to name the operation by its summary",
                      lambda d: [n.text for n in d.find_elements(By.CSS_SELECTOR, ".job-name") if n.text == summary_text])
        check(summary_text in dialog.text or bool(names), f"the operation shows as its summary ({names})")
        shoot(driver, args, "dialog-desktop.png")
        dialog.find_element(By.CSS_SELECTOR, 'button[data-action="remove"]').click()
        wait(driver, "the dialog to close", lambda d: not d.find_elements(By.CSS_SELECTOR, f'dialog[data-presentation="{args.presentation}"]'))
        notice = wait(driver, "the notice", lambda d: "You answered: Remove" in d.find_element(By.ID, "notices").text)
        summary["notice"] = driver.find_element(By.ID, "notices").text
        shoot(driver, args, "answered-desktop.png")
        no_csp_violations(driver)
    finally:
        driver.quit()


def elsewhere(args):
    driver = start_browser(args)
    try:
        driver.get(args.url)
        open_from_list(driver, args.presentation)
        print("ready", flush=True)
        wait(driver, "the dialog to close", lambda d: not d.find_elements(By.CSS_SELECTOR, f'dialog[data-presentation="{args.presentation}"]'))
        wait(driver, f"a notice with {args.expect!r}", lambda d: args.expect in d.find_element(By.ID, "notices").text)
        summary["notice"] = driver.find_element(By.ID, "notices").text
        shoot(driver, args, "answered-elsewhere.png")
        no_csp_violations(driver)
    finally:
        driver.quit()


def run_scenario(scenario, names, description, add_arguments=lambda parser: None):
    """Parses --url, --screenshots and `names` (all required) plus what `add_arguments` adds, runs
    `scenario(args)` within 80 s, prints the JSON summary and returns the exit status: 0 passed, 1 a
    check failed, 3 no browser."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name in ["url", "screenshots"] + names:
        parser.add_argument(f"--{name}", required=True)
    add_arguments(parser)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    signal.signal(signal.SIGALRM, give_up)
    signal.alarm(80)
    status = 0
    try:
        scenario(args)
    except (CheckFailed, TimeoutError) as failure:
        summary["failed"] = str(failure)
        status = 1
    except WebDriverException as failure:
        summary["failed"] = f"the browser failed: {failure.msg}"
        status = 1
    except BrowserUnavailable as failure:
        summary["failed"] = str(failure)
        status = 3
    finally:
        signal.alarm(0)
        for profile in profiles:
            shutil.rmtree(profile, ignore_errors=True)
    print(json.dumps(summary), flush=True)
    return status


def main():
    def add_arguments(parser):
        parser.add_argument("scenario", choices=["answer", "elsewhere"])
        parser.add_argument("--expect", default="Answered by")
    return run_scenario(lambda args: (answer if args.scenario == "answer" else elsewhere)(args),
                        ["presentation"], __doc__, add_arguments)


if __name__ == "__main__":
    sys.exit(main())
